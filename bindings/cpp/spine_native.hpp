// spine_native.hpp: header-only C++17 wrapper of the spine_native C ABI (spine_native.h).
//
// - Every failing C call throws spine_native::Error carrying the status, the load error
//   kind and the library's message (read from the calling thread right after the call).
// - Atlas and SkeletonData own one handle each: move-only, the destructor destroys the
//   handle. A moved-from (or default-constructed) object holds the null handle; calling it
//   throws Error with Status::NullArgument (reported by the library, not checked here).
// - Names are returned as std::string_view into library-owned storage: valid while the
//   object they were read from is alive (not moved from). Copy to std::string to keep.
//
// Build: add include/ (for spine_native.h) and this folder to the include path and link
// libspine_native (e.g. `-I include -I bindings/cpp -L target/release -lspine_native`).
#ifndef SPINE_NATIVE_HPP
#define SPINE_NATIVE_HPP

#include "spine_native.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spine_native {

// spn_status.
enum class Status : int {
    Ok = SPN_OK,
    NullArgument = SPN_ERROR_NULL_ARGUMENT,
    StaleHandle = SPN_ERROR_STALE_HANDLE,
    WrongType = SPN_ERROR_WRONG_TYPE,
    OutOfRange = SPN_ERROR_OUT_OF_RANGE,
    NotFound = SPN_ERROR_NOT_FOUND,
    InvalidArgument = SPN_ERROR_INVALID_ARGUMENT,
    Load = SPN_ERROR_LOAD,
    Io = SPN_ERROR_IO,
    Panic = SPN_ERROR_PANIC,
    Busy = SPN_ERROR_BUSY,
};

// spn_error_kind.
enum class ErrorKind : int {
    None = SPN_ERROR_KIND_NONE,
    Version = SPN_ERROR_KIND_VERSION,
    Truncated = SPN_ERROR_KIND_TRUNCATED,
    OutOfRange = SPN_ERROR_KIND_OUT_OF_RANGE,
    InvalidValue = SPN_ERROR_KIND_INVALID_VALUE,
    MalformedJson = SPN_ERROR_KIND_MALFORMED_JSON,
    MissingRegion = SPN_ERROR_KIND_MISSING_REGION,
    TrailingBytes = SPN_ERROR_KIND_TRAILING_BYTES,
    InvalidAtlas = SPN_ERROR_KIND_INVALID_ATLAS,
    Io = SPN_ERROR_KIND_IO,
};

// spn_item: which list of a skeleton data count/name/find read.
enum class Item : std::uint32_t {
    Bone = SPN_ITEM_BONE,
    Slot = SPN_ITEM_SLOT,
    Skin = SPN_ITEM_SKIN,
    Animation = SPN_ITEM_ANIMATION,
    Event = SPN_ITEM_EVENT,
    Constraint = SPN_ITEM_CONSTRAINT,
    Attachment = SPN_ITEM_ATTACHMENT,
};

inline const char* to_string(Status status) noexcept {
    switch (status) {
        case Status::Ok: return "ok";
        case Status::NullArgument: return "null argument";
        case Status::StaleHandle: return "stale handle";
        case Status::WrongType: return "wrong type";
        case Status::OutOfRange: return "out of range";
        case Status::InvalidArgument: return "invalid argument";
        case Status::Load: return "load error";
        case Status::Io: return "I/O error";
        case Status::Panic: return "internal error";
        case Status::NotFound: return "not found";
        case Status::Busy: return "busy";
    }
    return "unknown status";
}

inline const char* to_string(ErrorKind kind) noexcept {
    switch (kind) {
        case ErrorKind::None: return "none";
        case ErrorKind::Version: return "version";
        case ErrorKind::Truncated: return "truncated";
        case ErrorKind::OutOfRange: return "out of range";
        case ErrorKind::InvalidValue: return "invalid value";
        case ErrorKind::MalformedJson: return "malformed JSON";
        case ErrorKind::MissingRegion: return "missing region";
        case ErrorKind::TrailingBytes: return "trailing bytes";
        case ErrorKind::InvalidAtlas: return "invalid atlas";
        case ErrorKind::Io: return "I/O";
    }
    return "unknown kind";
}

// A failed spine_native call. what() is the library's message.
class Error : public std::runtime_error {
public:
    Error(Status status, ErrorKind kind, const std::string& message)
        : std::runtime_error(message), status_(status), kind_(kind) {}

    Status status() const noexcept { return status_; }
    ErrorKind kind() const noexcept { return kind_; }

private:
    Status status_;
    ErrorKind kind_;
};

// ABI version of the loaded library (major << 16 | minor).
inline std::uint32_t abi_version() noexcept { return spn_abi_version(); }

// True when the loaded library's ABI major matches the header this was compiled with.
inline bool abi_compatible() noexcept { return (spn_abi_version() >> 16) == (SPN_ABI_VERSION >> 16); }

// Library version such as "0.1.0".
inline std::string_view version() noexcept { return spn_version_string(); }

// Message of the last failed call on this thread (empty if none).
inline std::string last_error_message() { return spn_last_error_message(); }

// Kind of the last failure on this thread.
inline ErrorKind last_error_kind() noexcept { return static_cast<ErrorKind>(spn_last_error_kind()); }

namespace detail {

inline void check(spn_status status) {
    if (status != SPN_OK) {
        throw Error(static_cast<Status>(status), last_error_kind(), last_error_message());
    }
}

}  // namespace detail

// One atlas page. `name` is valid while the Atlas it came from is alive.
struct AtlasPage {
    std::string_view name;
    std::uint32_t width;
    std::uint32_t height;
    bool pma;
};

// A loaded texture atlas (owns one spn_atlas handle).
class Atlas {
public:
    Atlas() noexcept = default;
    // Takes ownership of a raw handle.
    explicit Atlas(spn_atlas handle) noexcept : handle_(handle) {}
    Atlas(Atlas&& other) noexcept : handle_(std::exchange(other.handle_, spn_atlas{0})) {}
    Atlas& operator=(Atlas&& other) noexcept {
        if (this != &other) {
            reset();
            handle_ = std::exchange(other.handle_, spn_atlas{0});
        }
        return *this;
    }
    Atlas(const Atlas&) = delete;
    Atlas& operator=(const Atlas&) = delete;
    ~Atlas() { reset(); }

    // Parses atlas text (UTF-8). The text is not retained.
    static Atlas load(std::string_view text) {
        spn_atlas handle{0};
        detail::check(spn_atlas_load(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), &handle));
        return Atlas(handle);
    }

    // Reads and parses the atlas file at `path` (UTF-8).
    static Atlas load_file(const std::string& path) {
        spn_atlas handle{0};
        detail::check(spn_atlas_load_file(path.c_str(), &handle));
        return Atlas(handle);
    }

    std::uint32_t page_count() const {
        std::uint32_t count = 0;
        detail::check(spn_atlas_page_count(handle_, &count));
        return count;
    }

    std::uint32_t region_count() const {
        std::uint32_t count = 0;
        detail::check(spn_atlas_region_count(handle_, &count));
        return count;
    }

    AtlasPage page(std::uint32_t index) const {
        spn_atlas_page_info info{};
        detail::check(spn_atlas_page(handle_, index, &info));
        return AtlasPage{info.name, info.width, info.height, info.pma != 0};
    }

    std::vector<AtlasPage> pages() const {
        std::vector<AtlasPage> result;
        const std::uint32_t count = page_count();
        result.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) result.push_back(page(i));
        return result;
    }

    // The raw handle (still owned by this object).
    spn_atlas handle() const noexcept { return handle_; }
    explicit operator bool() const noexcept { return handle_.bits != 0; }

    // Gives up ownership of the raw handle; this object becomes empty.
    spn_atlas release() noexcept { return std::exchange(handle_, spn_atlas{0}); }

    // Destroys the handle now (if any); this object becomes empty.
    void reset() noexcept {
        if (handle_.bits != 0) spn_atlas_destroy(std::exchange(handle_, spn_atlas{0}));
    }

private:
    spn_atlas handle_{0};
};

// Loaded skeleton data (owns one spn_skeleton_data handle). Stays valid after the Atlas it
// was loaded with is destroyed.
class SkeletonData {
public:
    SkeletonData() noexcept = default;
    // Takes ownership of a raw handle.
    explicit SkeletonData(spn_skeleton_data handle) noexcept : handle_(handle) {}
    SkeletonData(SkeletonData&& other) noexcept : handle_(std::exchange(other.handle_, spn_skeleton_data{0})) {}
    SkeletonData& operator=(SkeletonData&& other) noexcept {
        if (this != &other) {
            reset();
            handle_ = std::exchange(other.handle_, spn_skeleton_data{0});
        }
        return *this;
    }
    SkeletonData(const SkeletonData&) = delete;
    SkeletonData& operator=(const SkeletonData&) = delete;
    ~SkeletonData() { reset(); }

    // Loads a binary .skel export. An empty `atlas` loads without textures; `scale`
    // multiplies positions and lengths. The bytes are not retained.
    static SkeletonData load_binary(const void* bytes, std::size_t size, const Atlas& atlas = Atlas(),
                                    float scale = 1.0f) {
        spn_skeleton_data handle{0};
        detail::check(spn_skeleton_data_load_binary(static_cast<const std::uint8_t*>(bytes), size,
                                                    atlas.handle(), scale, &handle));
        return SkeletonData(handle);
    }

    // Loads a binary .skel export held in a byte container (std::string, std::vector<char>, ...).
    static SkeletonData load_binary(std::string_view bytes, const Atlas& atlas = Atlas(), float scale = 1.0f) {
        return load_binary(bytes.data(), bytes.size(), atlas, scale);
    }

    // Loads a JSON export (UTF-8 text). See load_binary.
    static SkeletonData load_json(std::string_view text, const Atlas& atlas = Atlas(), float scale = 1.0f) {
        spn_skeleton_data handle{0};
        detail::check(spn_skeleton_data_load_json(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(),
                                                  atlas.handle(), scale, &handle));
        return SkeletonData(handle);
    }

    // Loads a .skel or .json file (chosen by content). See load_binary.
    static SkeletonData load_file(const std::string& path, const Atlas& atlas = Atlas(), float scale = 1.0f) {
        spn_skeleton_data handle{0};
        detail::check(spn_skeleton_data_load_file(path.c_str(), atlas.handle(), scale, &handle));
        return SkeletonData(handle);
    }

    // Number of entries of list `item`.
    std::uint32_t count(Item item) const {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_data_count(handle_, static_cast<std::uint32_t>(item), &count));
        return count;
    }

    // Name of entry `index` of list `item`; valid while this object is alive.
    std::string_view name(Item item, std::uint32_t index) const {
        const char* name = nullptr;
        detail::check(spn_skeleton_data_name(handle_, static_cast<std::uint32_t>(item), index, &name));
        return name;
    }

    // All names of list `item`; valid while this object is alive.
    std::vector<std::string_view> names(Item item) const {
        std::vector<std::string_view> result;
        const std::uint32_t n = count(item);
        result.reserve(n);
        for (std::uint32_t i = 0; i < n; ++i) result.push_back(name(item, i));
        return result;
    }

    // Index of the entry of list `item` named `name`, or nullopt when there is none (the
    // library's SPN_ERROR_OUT_OF_RANGE); other failures throw.
    std::optional<std::uint32_t> find(Item item, const char* name) const {
        std::uint32_t index = 0;
        const spn_status status = spn_skeleton_data_find(handle_, static_cast<std::uint32_t>(item), name, &index);
        if (status == SPN_ERROR_NOT_FOUND) return std::nullopt;
        detail::check(status);
        return index;
    }
    std::optional<std::uint32_t> find(Item item, const std::string& name) const { return find(item, name.c_str()); }

    // Duration in seconds of animation `index`.
    float animation_duration(std::uint32_t index) const {
        float duration = 0.0f;
        detail::check(spn_skeleton_data_animation_duration(handle_, index, &duration));
        return duration;
    }

    // The raw handle (still owned by this object).
    spn_skeleton_data handle() const noexcept { return handle_; }
    explicit operator bool() const noexcept { return handle_.bits != 0; }

    // Gives up ownership of the raw handle; this object becomes empty.
    spn_skeleton_data release() noexcept { return std::exchange(handle_, spn_skeleton_data{0}); }

    // Destroys the handle now (if any); this object becomes empty.
    void reset() noexcept {
        if (handle_.bits != 0) spn_skeleton_data_destroy(std::exchange(handle_, spn_skeleton_data{0}));
    }

private:
    spn_skeleton_data handle_{0};
};

}  // namespace spine_native

#endif  // SPINE_NATIVE_HPP
