// spine_native.hpp: header-only C++17 wrapper of the spine_native C ABI (spine_native.h).
//
// - Every failing C call throws spine_native::Error carrying the status, the load error
//   kind and the library's message (read from the calling thread right after the call).
// - Atlas and SkeletonData own one handle each: move-only, the destructor destroys the
//   handle. A moved-from (or default-constructed) object holds the null handle; calling it
//   throws Error with Status::NullArgument (reported by the library, not checked here).
// - Skeleton, AnimationStateData, AnimationState and Renderer are move-only RAII owners too
//   (detail::Owned). TrackEntry is a plain value: calls on a disposed entry, or after its
//   state is destroyed, throw Error with Status::StaleHandle. Polled events are copied
//   into plain Event records. Render output is a set of View<T> (pointer + size) into the
//   renderer's buffers: no copies; valid until the renderer's next render.
// - Names are returned as std::string_view into library-owned storage: valid while the
//   object they were read from is alive (not moved from). Copy to std::string to keep.
//
// The header is laid out by C object, in the C header's order: library, atlas, skeleton
// data, skin, skeleton, animation state, renderer, bounds, crowd (a banner each); each
// object's enums and records come before its class.
//
// Build: add include/ (for spine_native.h) and this folder to the include path and link
// libspine_native (e.g. `-I include -I bindings/cpp -L target/release -lspine_native`).
#ifndef SPINE_NATIVE_HPP
#define SPINE_NATIVE_HPP

#include "spine_native.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spine_native {

// -------------------------------------------------------------------------------------------------
// 1. Library: status and error kinds, Error, version and last error (spn_abi_version, spn_version_string,
//    spn_last_error_*, spn_status_string, spn_error_kind_string); the owned-handle base and View
// -------------------------------------------------------------------------------------------------

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

// Library version such as "1.9.0" (major.minor: the ABI's).
inline std::string_view version() noexcept { return spn_version_string(); }

// Message of the last failed call on this thread (empty if none). Only meaningful right
// after a call failed (a success does not clear it); Error carries its own copy.
inline std::string last_error_message() { return spn_last_error_message(); }

// Kind of the last failure on this thread (meaningful right after a failure).
inline ErrorKind last_error_kind() noexcept { return static_cast<ErrorKind>(spn_last_error_kind()); }

// Name of a status, e.g. "SPN_ERROR_STALE_HANDLE" ("SPN_STATUS_UNKNOWN" for other values;
// a static string). ABI 1.7.
inline std::string_view status_string(Status status) noexcept {
    return spn_status_string(static_cast<std::uint32_t>(status));
}

// Name of an error kind, e.g. "SPN_ERROR_KIND_TRUNCATED" ("SPN_ERROR_KIND_UNKNOWN" for
// other values; a static string). ABI 1.7.
inline std::string_view error_kind_string(ErrorKind kind) noexcept {
    return spn_error_kind_string(static_cast<std::uint32_t>(kind));
}

namespace detail {

inline void check(spn_status status) {
    if (status != SPN_OK) {
        throw Error(static_cast<Status>(status), last_error_kind(), last_error_message());
    }
}

inline std::string_view sv(const char* s) noexcept { return s ? std::string_view(s) : std::string_view(); }

// One owned instance handle of type H, destroyed with Destroy: move-only. The zero handle
// is the empty state (calls on it report NULL_ARGUMENT from the library).
template <typename H, spn_status (*Destroy)(H)>
class Owned {
public:
    Owned() noexcept = default;
    explicit Owned(H handle) noexcept : handle_(handle) {}
    Owned(Owned&& other) noexcept : handle_(std::exchange(other.handle_, H{0})) {}
    Owned& operator=(Owned&& other) noexcept {
        if (this != &other) {
            reset();
            handle_ = std::exchange(other.handle_, H{0});
        }
        return *this;
    }
    Owned(const Owned&) = delete;
    Owned& operator=(const Owned&) = delete;
    ~Owned() { reset(); }

    // The raw handle (still owned by this object).
    H handle() const noexcept { return handle_; }
    explicit operator bool() const noexcept { return handle_.bits != 0; }

    // Gives up ownership of the raw handle; this object becomes empty.
    H release() noexcept { return std::exchange(handle_, H{0}); }

    // Destroys the handle now (if any); this object becomes empty.
    void reset() noexcept {
        if (handle_.bits != 0) Destroy(std::exchange(handle_, H{0}));
    }

protected:
    H handle_{0};
};

}  // namespace detail

// A read-only view of `size()` elements at `data()` (C++17 stand-in for std::span<const T>).
// Views of render output point into the renderer's buffers: valid until its next render,
// option change or destruction.
template <typename T>
class View {
public:
    View() noexcept = default;
    View(const T* data, std::size_t size) noexcept : data_(size ? data : nullptr), size_(data ? size : 0) {}
    const T* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    const T* begin() const noexcept { return data_; }
    const T* end() const noexcept { return data_ + size_; }
    const T& operator[](std::size_t i) const noexcept { return data_[i]; }

private:
    const T* data_ = nullptr;
    std::size_t size_ = 0;
};

// -------------------------------------------------------------------------------------------------
// 2. Atlas (spn_atlas_*)
// -------------------------------------------------------------------------------------------------

// One atlas page. `name` is valid while the Atlas it came from is alive.
struct AtlasPage {
    std::string_view name;
    std::uint32_t width;
    std::uint32_t height;
    bool pma;
};

// One atlas region (spn_atlas_region_info: page, rectangle, uvs, offsets, degrees, index).
struct AtlasRegion {
    spn_atlas_region_info info;
    std::string_view name() const noexcept { return info.name ? std::string_view(info.name) : std::string_view(); }
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

    // Region `index` (file order); `name` is valid while this Atlas is alive.
    AtlasRegion region(std::uint32_t index) const {
        spn_atlas_region_info info{};
        info.size = sizeof(info);
        detail::check(spn_atlas_region(handle_, index, &info));
        return AtlasRegion{info};
    }

    // Parses atlas text and sets every page's texture id to `loader(page, details)` (ABI
    // 1.4), called once per page in order while loading. An exception from the loader is
    // rethrown here (the atlas is then released).
    // Reads the atlas file at `path` and sets every page's texture id to
    // `loader(folder, page, details)` (ABI 1.8): `folder` is the atlas file's folder (the
    // page image is folder + "/" + details.name). An exception from the loader stops the
    // load (the library reports SPN_ERROR_IO) and is rethrown here; no atlas is made.
    template <typename Loader>
    static Atlas load_file_with_textures(const std::string& path, Loader&& loader) {
        struct Context {
            Loader* loader;
            std::exception_ptr error;
        } context{&loader, nullptr};
        auto trampoline = [](void* user_data, const char* folder, std::uint32_t page, const spn_page_details* details,
                             std::uint64_t* out_id) -> std::uint32_t {
            auto* c = static_cast<Context*>(user_data);
            try {
                *out_id = static_cast<std::uint64_t>((*c->loader)(std::string_view(folder), page, *details));
                return SPN_OK;
            } catch (...) {
                c->error = std::current_exception();
                return SPN_ERROR_IO;
            }
        };
        spn_atlas handle{0};
        const spn_status status = spn_atlas_load_file_with_textures(path.c_str(), trampoline, &context, &handle);
        if (context.error) std::rethrow_exception(context.error);
        detail::check(status);
        return Atlas(handle);
    }

    template <typename Loader>
    static Atlas load_with_textures(std::string_view text, Loader&& loader) {
        struct Context {
            Loader* loader;
            std::exception_ptr error;
        } context{&loader, nullptr};
        auto trampoline = [](void* user_data, std::uint32_t page, const spn_page_details* details) -> std::uint64_t {
            auto* c = static_cast<Context*>(user_data);
            if (c->error) return 0;
            try {
                return static_cast<std::uint64_t>((*c->loader)(page, *details));
            } catch (...) {
                c->error = std::current_exception();
                return 0;
            }
        };
        spn_atlas handle{0};
        detail::check(spn_atlas_load_with_textures(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(),
                                                   trampoline, &context, &handle));
        Atlas atlas(handle);
        if (context.error) std::rethrow_exception(context.error);
        return atlas;
    }

    // Texture settings of page `index` (ABI 1.4): size, filters, wraps, pma, name, format,
    // texture id. `name` and `format` are valid while this Atlas is alive.
    spn_page_details page_details(std::uint32_t index) const {
        spn_page_details details{};
        details.size = sizeof(details);
        detail::check(spn_atlas_page_details(handle_, index, &details));
        return details;
    }

    // The caller-set texture id of page `page` (ABI 1.4; 0 until set).
    std::uint64_t page_texture(std::uint32_t page) const {
        std::uint64_t id = 0;
        detail::check(spn_atlas_page_texture(handle_, page, &id));
        return id;
    }

    // Sets the texture id of page `page` (ABI 1.4): every draw range of that page reports
    // it, for skeleton data loaded before or after.
    void set_page_texture(std::uint32_t page, std::uint64_t texture_id) const {
        detail::check(spn_atlas_set_page_texture(handle_, page, texture_id));
    }

    // Index of the first region named `name`, or nullopt.
    std::optional<std::uint32_t> find_region(const std::string& name) const {
        std::uint32_t index = 0;
        const spn_status status = spn_atlas_find_region(handle_, name.c_str(), &index);
        if (status == SPN_ERROR_NOT_FOUND) return std::nullopt;
        detail::check(status);
        return index;
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

// -------------------------------------------------------------------------------------------------
// 3. Skeleton data (spn_skeleton_data_*)
// -------------------------------------------------------------------------------------------------

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

inline const char* to_string(Item item) noexcept {
    switch (item) {
        case Item::Bone: return "bone";
        case Item::Slot: return "slot";
        case Item::Skin: return "skin";
        case Item::Animation: return "animation";
        case Item::Event: return "event";
        case Item::Constraint: return "constraint";
        case Item::Attachment: return "attachment";
    }
    return "unknown item";
}

// spn_blend: slot blend modes.
enum class Blend : std::uint32_t {
    Normal = SPN_BLEND_NORMAL,
    Additive = SPN_BLEND_ADDITIVE,
    Multiply = SPN_BLEND_MULTIPLY,
    Screen = SPN_BLEND_SCREEN,
};

inline const char* to_string(Blend blend) noexcept {
    switch (blend) {
        case Blend::Normal: return "normal";
        case Blend::Additive: return "additive";
        case Blend::Multiply: return "multiply";
        case Blend::Screen: return "screen";
    }
    return "unknown blend";
}

// spn_inherit: how a bone inherits its parent's transform.
enum class Inherit : std::uint32_t {
    Normal = SPN_INHERIT_NORMAL,
    OnlyTranslation = SPN_INHERIT_ONLY_TRANSLATION,
    NoRotationOrReflection = SPN_INHERIT_NO_ROTATION_OR_REFLECTION,
    NoScale = SPN_INHERIT_NO_SCALE,
    NoScaleOrReflection = SPN_INHERIT_NO_SCALE_OR_REFLECTION,
};

inline const char* to_string(Inherit inherit) noexcept {
    switch (inherit) {
        case Inherit::Normal: return "normal";
        case Inherit::OnlyTranslation: return "onlyTranslation";
        case Inherit::NoRotationOrReflection: return "noRotationOrReflection";
        case Inherit::NoScale: return "noScale";
        case Inherit::NoScaleOrReflection: return "noScaleOrReflection";
    }
    return "unknown inherit";
}

// spn_constraint_type.
enum class ConstraintType : std::uint32_t {
    Ik = SPN_CONSTRAINT_IK,
    Transform = SPN_CONSTRAINT_TRANSFORM,
    Path = SPN_CONSTRAINT_PATH,
    Physics = SPN_CONSTRAINT_PHYSICS,
    Slider = SPN_CONSTRAINT_SLIDER,
};

inline const char* to_string(ConstraintType type) noexcept {
    switch (type) {
        case ConstraintType::Ik: return "ik";
        case ConstraintType::Transform: return "transform";
        case ConstraintType::Path: return "path";
        case ConstraintType::Physics: return "physics";
        case ConstraintType::Slider: return "slider";
    }
    return "unknown constraint type";
}

// spn_attachment_type.
enum class AttachmentType : std::uint32_t {
    Region = SPN_ATTACHMENT_REGION,
    BoundingBox = SPN_ATTACHMENT_BOUNDING_BOX,
    Mesh = SPN_ATTACHMENT_MESH,
    LinkedMesh = SPN_ATTACHMENT_LINKED_MESH,
    Path = SPN_ATTACHMENT_PATH,
    Point = SPN_ATTACHMENT_POINT,
    Clipping = SPN_ATTACHMENT_CLIPPING,
};

inline const char* to_string(AttachmentType type) noexcept {
    switch (type) {
        case AttachmentType::Region: return "region";
        case AttachmentType::BoundingBox: return "boundingbox";
        case AttachmentType::Mesh: return "mesh";
        case AttachmentType::LinkedMesh: return "linkedmesh";
        case AttachmentType::Path: return "path";
        case AttachmentType::Point: return "point";
        case AttachmentType::Clipping: return "clipping";
    }
    return "unknown attachment type";
}

// Records of the skeleton data. Strings are valid while the SkeletonData is alive.
struct SkeletonInfo {
    bool nonessential;
    std::string_view version, hash;
    float x, y, width, height, reference_scale, fps;
};

struct BoneData {
    std::string_view name;
    std::int32_t parent;  // -1 for the root
    float length;
    bool skin_required;
};

struct SlotData {
    std::string_view name;
    std::uint32_t bone;
    std::optional<std::string_view> attachment;  // setup attachment placeholder
    Blend blend;
    bool has_dark_color;
    spn_color color, dark_color;
};

struct EventData {
    std::string_view name, string_value, audio_path;
    std::int32_t int_value;
    float float_value, volume, balance;
};

/// The texture sequence of a region or mesh attachment (ABI 1.3).
using SequenceData = spn_sequence_data;

/// The setup data of one attachment (ABI 1.4); its strings live as long as the skeleton
/// data.
using AttachmentGeometry = spn_attachment_geometry;

/// The arrays of an attachment's setup data (ABI 1.4): Vertices..Lengths are float arrays
/// (`SkeletonData::attachment_floats`), Bones..Edges index arrays (`attachment_indices`).
enum class AttachmentArray : std::uint32_t {
    Vertices = SPN_ATTACHMENT_ARRAY_VERTICES,
    Uvs = SPN_ATTACHMENT_ARRAY_UVS,
    TextureUvs = SPN_ATTACHMENT_ARRAY_TEXTURE_UVS,
    Offsets = SPN_ATTACHMENT_ARRAY_OFFSETS,
    Lengths = SPN_ATTACHMENT_ARRAY_LENGTHS,
    Bones = SPN_ATTACHMENT_ARRAY_BONES,
    Triangles = SPN_ATTACHMENT_ARRAY_TRIANGLES,
    Edges = SPN_ATTACHMENT_ARRAY_EDGES,
};

/// The setup values of one constraint by its type (ABI 1.4).
using ConstraintData = spn_constraint_data;

/// One property mapping of a transform constraint (ABI 1.4).
using TransformMapping = spn_transform_mapping;

/// One key of a sequence timeline (ABI 1.4).
using SequenceKey = spn_sequence_key;

/// One event key of an animation (ABI 1.3); strings live as long as the skeleton data.
struct EventKey {
    float time;
    std::uint32_t event;  // index of the Item::Event list
    std::int32_t int_value;
    float float_value;
    std::string_view string_value;
    float volume, balance;
};

struct AttachmentInfo {
    std::string_view name;
    AttachmentType type;
    std::uint32_t skin;  // index of the defining skin
};

struct ConstraintInfo {
    std::string_view name;
    ConstraintType type;
    bool skin_required;
};

// A bone's local transform (spn_bone_local; `size` is set by the wrapper).
using BoneLocal = spn_bone_local;

// An RGBA color, each channel 0..1.
using Color = spn_color;

// GPU skinning (ABI 1.9): the static streams of a skeleton data, shared by every skeleton
// (views valid while the data lives; upload once).
struct GpuStreams {
    View<spn_gpu_vertex> vertices;
    View<std::uint16_t> indices;  // relative to their block's first vertex
    View<spn_gpu_block> blocks;   // one per attachment and sequence frame
    std::uint32_t eligible_attachments = 0;
    std::uint32_t too_many_influences = 0;
    std::uint32_t no_single_bone = 0;
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
    // The atlas this data was loaded with (ABI 1.8): a new handle to the same atlas (page
    // texture ids shared), kept alive by the data; NotFound when loaded without one.
    Atlas atlas() const {
        spn_atlas handle{0};
        detail::check(spn_skeleton_data_atlas(handle_, &handle));
        return Atlas(handle);
    }
    // The static streams of GPU skinning (ABI 1.9), made once per data and shared; the
    // views stay valid while this data lives.
    GpuStreams gpu_streams() const;
    // The entries (slot, attachment index, placeholder name) of data skin `skin` (ABI 1.8),
    // in load order, with no runtime skin; `name` is valid while this data (or a skin made
    // from it) is alive.
    std::vector<spn_skin_entry> skin_entries(std::uint32_t skin) const {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_data_skin_entries(handle_, skin, sizeof(spn_skin_entry), nullptr, 0, &count));
        std::vector<spn_skin_entry> result(count);
        if (count)
            detail::check(spn_skeleton_data_skin_entries(handle_, skin, sizeof(spn_skin_entry), result.data(), count, &count));
        result.resize(count);
        return result;
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
    // library's SPN_ERROR_NOT_FOUND); other failures throw.
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

    // The bones, slots or constraints (item: Bone, Slot or Constraint) animation `index`
    // keys, ascending, each once (ABI 1.3).
    std::vector<std::uint32_t> animation_keyed(std::uint32_t index, Item item) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(item);
        detail::check(spn_skeleton_data_animation_keyed(handle_, index, what, nullptr, 0, &count));
        std::vector<std::uint32_t> list(count);
        detail::check(spn_skeleton_data_animation_keyed(handle_, index, what, list.data(), count, &count));
        list.resize(count);
        return list;
    }
    // The event keys of animation `index` in key order (ABI 1.3).
    std::vector<EventKey> animation_event_keys(std::uint32_t index) const {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_data_animation_event_keys(handle_, index, sizeof(spn_event_key), nullptr, 0, &count));
        std::vector<spn_event_key> raw(count);
        detail::check(
            spn_skeleton_data_animation_event_keys(handle_, index, sizeof(spn_event_key), raw.data(), count, &count));
        std::vector<EventKey> keys;
        keys.reserve(count);
        for (std::uint32_t i = 0; i < count && i < raw.size(); ++i) {
            const spn_event_key& k = raw[i];
            keys.push_back(EventKey{k.time, k.event, k.int_value, k.float_value, detail::sv(k.string_value), k.volume,
                                    k.balance});
        }
        return keys;
    }

    // Skeleton-wide values (version, hash, setup-pose bounds, reference scale, fps).
    SkeletonInfo info() const {
        spn_skeleton_info i{};
        i.size = sizeof(i);
        detail::check(spn_skeleton_data_info(handle_, &i));
        return SkeletonInfo{i.nonessential != 0, detail::sv(i.version), detail::sv(i.hash), i.x, i.y, i.width,
                            i.height, i.reference_scale, i.fps};
    }
    BoneData bone(std::uint32_t index) const {
        spn_bone_data b{};
        b.size = sizeof(b);
        detail::check(spn_skeleton_data_bone(handle_, index, &b));
        return BoneData{detail::sv(b.name), b.parent, b.length, b.skin_required != 0};
    }
    // The setup pose of bone `index`.
    BoneLocal bone_setup(std::uint32_t index) const {
        BoneLocal l{};
        l.size = sizeof(l);
        detail::check(spn_skeleton_data_bone_setup(handle_, index, &l));
        return l;
    }
    SlotData slot(std::uint32_t index) const {
        spn_slot_data d{};
        d.size = sizeof(d);
        detail::check(spn_skeleton_data_slot(handle_, index, &d));
        std::optional<std::string_view> attachment;
        if (d.attachment) attachment = std::string_view(d.attachment);
        return SlotData{detail::sv(d.name), d.bone, attachment, static_cast<Blend>(d.blend), d.has_dark_color != 0,
                        d.color, d.dark_color};
    }
    EventData event(std::uint32_t index) const {
        spn_event_data e{};
        e.size = sizeof(e);
        detail::check(spn_skeleton_data_event(handle_, index, &e));
        return EventData{detail::sv(e.name), detail::sv(e.string_value), detail::sv(e.audio_path), e.int_value,
                         e.float_value, e.volume, e.balance};
    }
    // Attachment `id` (an index of the Item::Attachment list).
    AttachmentInfo attachment(std::uint32_t id) const {
        spn_attachment_info a{};
        a.size = sizeof(a);
        detail::check(spn_skeleton_data_attachment(handle_, id, &a));
        return AttachmentInfo{detail::sv(a.name), static_cast<AttachmentType>(a.kind), a.skin};
    }
    // The texture sequence of region or mesh attachment `id` (ABI 1.3).
    SequenceData attachment_sequence(std::uint32_t id) const {
        SequenceData s{};
        s.size = sizeof(s);
        detail::check(spn_skeleton_data_attachment_sequence(handle_, id, &s));
        return s;
    }
    // The setup geometry of attachment `id` (ABI 1.4).
    AttachmentGeometry attachment_geometry(std::uint32_t id) const {
        AttachmentGeometry g{};
        g.size = sizeof(g);
        detail::check(spn_skeleton_data_attachment_geometry(handle_, id, &g));
        return g;
    }
    // Float array `array` of attachment `id` (ABI 1.4).
    std::vector<float> attachment_floats(std::uint32_t id, AttachmentArray array) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(array);
        detail::check(spn_skeleton_data_attachment_floats(handle_, id, what, nullptr, 0, &count));
        std::vector<float> values(count);
        detail::check(spn_skeleton_data_attachment_floats(handle_, id, what, values.data(), count, &count));
        values.resize(count);
        return values;
    }
    // Index array `array` of attachment `id` (ABI 1.4).
    std::vector<std::uint32_t> attachment_indices(std::uint32_t id, AttachmentArray array) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(array);
        detail::check(spn_skeleton_data_attachment_indices(handle_, id, what, nullptr, 0, &count));
        std::vector<std::uint32_t> values(count);
        detail::check(spn_skeleton_data_attachment_indices(handle_, id, what, values.data(), count, &count));
        values.resize(count);
        return values;
    }
    // Adds placeholder name `name` for new sockets (ABI 1.9): skins then store attachments
    // under it for any slot and skeletons find them by it. Without it a name the data does
    // not use is NotFound. The data keeps a copy while it lives; adding again is a no-op.
    // Any thread.
    const SkeletonData& add_placeholder(const std::string& name) const {
        detail::check(spn_skeleton_data_add_placeholder(handle_, name.c_str()));
        return *this;
    }
    // Constraint `index` (update order).
    ConstraintInfo constraint(std::uint32_t index) const {
        spn_constraint_info c{};
        c.size = sizeof(c);
        detail::check(spn_skeleton_data_constraint(handle_, index, &c));
        return ConstraintInfo{detail::sv(c.name), static_cast<ConstraintType>(c.kind), c.skin_required != 0};
    }
    // The setup values of constraint `index` by its type (ABI 1.4).
    ConstraintData constraint_data(std::uint32_t index) const {
        ConstraintData c{};
        c.size = sizeof(c);
        detail::check(spn_skeleton_data_constraint_data(handle_, index, &c));
        return c;
    }
    // The bones constraint `index` poses (ABI 1.4).
    std::vector<std::uint32_t> constraint_bones(std::uint32_t index) const {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_data_constraint_bones(handle_, index, nullptr, 0, &count));
        std::vector<std::uint32_t> bones(count);
        detail::check(spn_skeleton_data_constraint_bones(handle_, index, bones.data(), count, &count));
        bones.resize(count);
        return bones;
    }
    // The property mappings of transform constraint `index` (ABI 1.4).
    std::vector<TransformMapping> constraint_transform_mappings(std::uint32_t index) const {
        std::uint32_t count = 0;
        const auto size = static_cast<std::uint32_t>(sizeof(TransformMapping));
        detail::check(spn_skeleton_data_constraint_transform_mappings(handle_, index, size, nullptr, 0, &count));
        std::vector<TransformMapping> mappings(count);
        detail::check(spn_skeleton_data_constraint_transform_mappings(handle_, index, size, mappings.data(), count, &count));
        mappings.resize(count);
        return mappings;
    }
    // The sequence timeline keys of animation `index` (ABI 1.4).
    std::vector<SequenceKey> animation_sequence_keys(std::uint32_t index) const {
        std::uint32_t count = 0;
        const auto size = static_cast<std::uint32_t>(sizeof(SequenceKey));
        detail::check(spn_skeleton_data_animation_sequence_keys(handle_, index, size, nullptr, 0, &count));
        std::vector<SequenceKey> keys(count);
        detail::check(spn_skeleton_data_animation_sequence_keys(handle_, index, size, keys.data(), count, &count));
        keys.resize(count);
        return keys;
    }
    // Index of the skin named "default", or nullopt.
    std::optional<std::uint32_t> default_skin() const {
        std::int32_t index = -1;
        detail::check(spn_skeleton_data_default_skin(handle_, &index));
        if (index < 0) return std::nullopt;
        return static_cast<std::uint32_t>(index);
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

inline GpuStreams SkeletonData::gpu_streams() const {
    spn_gpu_streams out{};
    out.size = sizeof(out);
    detail::check(spn_skeleton_data_gpu_streams(handle_, &out));
    GpuStreams g;
    g.vertices = View<spn_gpu_vertex>(out.vertices, out.vertex_count);
    g.indices = View<std::uint16_t>(out.indices, out.index_count);
    g.blocks = View<spn_gpu_block>(out.blocks, out.block_count);
    g.eligible_attachments = out.eligible_attachments;
    g.too_many_influences = out.too_many_influences;
    g.no_single_bone = out.no_single_bone;
    return g;
}

// -------------------------------------------------------------------------------------------------
// 4. Skin (spn_skin_*)
// -------------------------------------------------------------------------------------------------

// Where a runtime region attachment sits on its slot's bone, its size and tint
// (spn_region_placement, ABI 1.6; `size` is set by the wrapper).
using RegionPlacement = spn_region_placement;

// A placement with `size` set (ABI 1.6): offset (x, y) from the bone, rotation (degrees),
// scale, size in skeleton units (0: the atlas region's original size) and tint. The
// defaults are what a null placement means.
inline RegionPlacement region_placement(float x = 0, float y = 0, float rotation = 0, float scale_x = 1,
                                        float scale_y = 1, float width = 0, float height = 0,
                                        Color color = Color{1, 1, 1, 1}) noexcept {
    RegionPlacement p{};
    p.size = sizeof(p);
    p.x = x;
    p.y = y;
    p.rotation = rotation;
    p.scale_x = scale_x;
    p.scale_y = scale_y;
    p.width = width;
    p.height = height;
    p.color = color;
    return p;
}

// True for the id of an attachment made at runtime (SPN_RUNTIME_ATTACHMENT_BIT set, ABI
// 1.6); ids of the data's attachments are below the bit.
constexpr bool is_runtime_attachment(std::uint32_t id) noexcept { return (id & SPN_RUNTIME_ATTACHMENT_BIT) != 0; }

// The same for an id a slot reports (Skeleton::slot_attachment): negative, but not -1 (none).
constexpr bool is_runtime_attachment(std::int32_t id) noexcept {
    return id != -1 && is_runtime_attachment(static_cast<std::uint32_t>(id));
}

// A runtime skin (owns one spn_skin handle): built from data skins, other skins and single
// attachments, then set on skeletons (which copy its contents). Any thread.
class Skin : public detail::Owned<spn_skin, spn_skin_destroy> {
public:
    using Owned::Owned;

    // An empty skin named `name` for the skeletons of `data`.
    static Skin create(const SkeletonData& data, const std::string& name) {
        spn_skin handle{0};
        detail::check(spn_skin_create(data.handle(), name.c_str(), &handle));
        return Skin(handle);
    }
    // Adds data skin `index` (an index of the Item::Skin list).
    Skin& add_data_skin(std::uint32_t index) {
        detail::check(spn_skin_add_data_skin(handle_, index));
        return *this;
    }
    // Adds the current contents of `other`.
    Skin& add_skin(const Skin& other) {
        detail::check(spn_skin_add_skin(handle_, other.handle()));
        return *this;
    }
    // Stores attachment id `attachment` for `slot` under placeholder `name`.
    Skin& set_attachment(std::uint32_t slot, const std::string& name, std::uint32_t attachment) {
        detail::check(spn_skin_set_attachment(handle_, slot, name.c_str(), attachment));
        return *this;
    }
    std::uint32_t attachment_count() const {
        std::uint32_t n = 0;
        detail::check(spn_skin_attachment_count(handle_, &n));
        return n;
    }
    // The skin's name; valid while this Skin is alive.
    std::string_view name() const {
        const char* n = nullptr;
        detail::check(spn_skin_name(handle_, &n));
        return detail::sv(n);
    }
    // The entries in insertion order (ABI 1.4): slot, attachment id, placeholder name
    // (`name` valid while the skeleton data lives).
    std::vector<spn_skin_entry> entries() const {
        std::uint32_t count = 0;
        detail::check(spn_skin_entries(handle_, sizeof(spn_skin_entry), nullptr, 0, &count));
        std::vector<spn_skin_entry> result(count);
        if (count) detail::check(spn_skin_entries(handle_, sizeof(spn_skin_entry), result.data(), count, &count));
        result.resize(count);
        return result;
    }
    // Removes the entry of `slot` under placeholder `name` (ABI 1.4; NotFound if absent).
    Skin& remove_attachment(std::uint32_t slot, const std::string& name) {
        detail::check(spn_skin_remove_attachment(handle_, slot, name.c_str()));
        return *this;
    }
    // Removes every entry, bone and constraint (ABI 1.4).
    Skin& clear() {
        detail::check(spn_skin_clear(handle_));
        return *this;
    }
    // An independent skin with this one's name and contents (ABI 1.4).
    Skin copy() const {
        spn_skin handle{0};
        detail::check(spn_skin_copy(handle_, &handle));
        return Skin(handle);
    }

    // Makes a region attachment showing region `region` (an index of `atlas`'s regions;
    // `atlas` must be the one the data was loaded with) and stores it for `slot` under
    // placeholder `name`, replacing an entry there (ABI 1.6). A null `placement`: at the
    // bone's origin, unscaled, white, the region's original size. Returns the new id
    // (is_runtime_attachment); skeletons see it once the skin is set on them.
    std::uint32_t create_region_attachment(std::uint32_t slot, const std::string& name, const Atlas& atlas,
                                           std::uint32_t region, const RegionPlacement* placement = nullptr) {
        RegionPlacement p = placement ? *placement : RegionPlacement{};
        p.size = sizeof(p);
        std::uint32_t id = 0;
        detail::check(spn_skin_create_region_attachment(handle_, slot, name.c_str(), atlas.handle(), region,
                                                        placement ? &p : nullptr, &id));
        return id;
    }
    // Makes a region attachment showing the rectangle (u, v) top left to (u2, v2) bottom
    // right of page `page` of the data's atlas, unrotated, and stores it as
    // create_region_attachment does (ABI 1.6). `placement.width` and `height` must be
    // positive. Returns the new id.
    std::uint32_t create_region_attachment_uv(std::uint32_t slot, const std::string& name, std::uint32_t page,
                                              float u, float v, float u2, float v2, RegionPlacement placement) {
        placement.size = sizeof(placement);
        std::uint32_t id = 0;
        detail::check(spn_skin_create_region_attachment_uv(handle_, slot, name.c_str(), page, u, v, u2, v2,
                                                           &placement, &id));
        return id;
    }
    // Copies region or mesh attachment `attachment` (a data id, or a runtime id this skin
    // holds) with region `region` of `atlas` (the data's atlas) instead of its texture and
    // stores the copy for `slot` under placeholder `name` (ABI 1.6). Returns the new id.
    std::uint32_t clone_attachment(std::uint32_t slot, const std::string& name, std::uint32_t attachment,
                                   const Atlas& atlas, std::uint32_t region) {
        std::uint32_t id = 0;
        detail::check(
            spn_skin_clone_attachment(handle_, slot, name.c_str(), attachment, atlas.handle(), region, &id));
        return id;
    }

    // Attachment `id` as this skin knows it (ABI 1.9): a data id, or a runtime id the skin
    // holds (OutOfRange otherwise). A runtime attachment's `skin` is 0xFFFFFFFF; its name
    // stays valid while the skin lives and holds it (a data attachment's while the data
    // lives).
    AttachmentInfo attachment(std::uint32_t id) const {
        spn_attachment_info a{};
        a.size = sizeof(a);
        detail::check(spn_skin_attachment(handle_, id, &a));
        return AttachmentInfo{detail::sv(a.name), static_cast<AttachmentType>(a.kind), a.skin};
    }
    // The geometry of attachment `id` as this skin knows it (ABI 1.9): for a runtime region
    // the placement it was made with, its page and region (-1 for a page rectangle).
    AttachmentGeometry attachment_geometry(std::uint32_t id) const {
        AttachmentGeometry g{};
        g.size = sizeof(g);
        detail::check(spn_skin_attachment_geometry(handle_, id, &g));
        return g;
    }
    // Float array `array` of attachment `id` as this skin knows it (ABI 1.9).
    std::vector<float> attachment_floats(std::uint32_t id, AttachmentArray array) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(array);
        detail::check(spn_skin_attachment_floats(handle_, id, what, nullptr, 0, &count));
        std::vector<float> values(count);
        detail::check(spn_skin_attachment_floats(handle_, id, what, values.data(), count, &count));
        values.resize(count);
        return values;
    }
    // Index array `array` of attachment `id` as this skin knows it (ABI 1.9).
    std::vector<std::uint32_t> attachment_indices(std::uint32_t id, AttachmentArray array) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(array);
        detail::check(spn_skin_attachment_indices(handle_, id, what, nullptr, 0, &count));
        std::vector<std::uint32_t> values(count);
        detail::check(spn_skin_attachment_indices(handle_, id, what, values.data(), count, &count));
        values.resize(count);
        return values;
    }
};

// -------------------------------------------------------------------------------------------------
// 5. Skeleton (spn_skeleton_*)
// -------------------------------------------------------------------------------------------------

// spn_pose: which of an object's two poses a call reads or writes.
enum class Pose : std::uint32_t { Animated = SPN_POSE_ANIMATED, Applied = SPN_POSE_APPLIED };

inline const char* to_string(Pose pose) noexcept { return pose == Pose::Animated ? "animated" : pose == Pose::Applied ? "applied" : "unknown pose"; }

// spn_physics: what physics constraints do in Skeleton::update_world_transform.
enum class Physics : std::uint32_t {
    None = SPN_PHYSICS_NONE,
    Reset = SPN_PHYSICS_RESET,
    Update = SPN_PHYSICS_UPDATE,
    Pose = SPN_PHYSICS_POSE,
};

inline const char* to_string(Physics physics) noexcept {
    switch (physics) {
        case Physics::None: return "none";
        case Physics::Reset: return "reset";
        case Physics::Update: return "update";
        case Physics::Pose: return "pose";
    }
    return "unknown physics";
}

// spn_constraint_property: a property of a constraint's pose (Skeleton::constraint / set_constraint).
enum class ConstraintProperty : std::uint32_t {
    Mix = SPN_CONSTRAINT_MIX,
    Softness = SPN_CONSTRAINT_SOFTNESS,
    BendDirection = SPN_CONSTRAINT_BEND_DIRECTION,
    Compress = SPN_CONSTRAINT_COMPRESS,
    Stretch = SPN_CONSTRAINT_STRETCH,
    MixRotate = SPN_CONSTRAINT_MIX_ROTATE,
    MixX = SPN_CONSTRAINT_MIX_X,
    MixY = SPN_CONSTRAINT_MIX_Y,
    MixScaleX = SPN_CONSTRAINT_MIX_SCALE_X,
    MixScaleY = SPN_CONSTRAINT_MIX_SCALE_Y,
    MixShearY = SPN_CONSTRAINT_MIX_SHEAR_Y,
    Position = SPN_CONSTRAINT_POSITION,
    Spacing = SPN_CONSTRAINT_SPACING,
    Inertia = SPN_CONSTRAINT_INERTIA,
    Strength = SPN_CONSTRAINT_STRENGTH,
    Damping = SPN_CONSTRAINT_DAMPING,
    MassInverse = SPN_CONSTRAINT_MASS_INVERSE,
    Wind = SPN_CONSTRAINT_WIND,
    Gravity = SPN_CONSTRAINT_GRAVITY,
    Time = SPN_CONSTRAINT_TIME,
};

inline const char* to_string(ConstraintProperty property) noexcept {
    static const char* const names[] = {"mix", "softness", "bendDirection", "compress", "stretch", "mixRotate",
                                        "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY", "position",
                                        "spacing", "inertia", "strength", "damping", "massInverse", "wind",
                                        "gravity", "time"};
    const auto i = static_cast<std::uint32_t>(property);
    return i < sizeof(names) / sizeof(names[0]) ? names[i] : "unknown constraint property";
}

// spn_mix_blend: what a direct apply's alpha mixes from (ABI 1.4).
enum class MixBlend : std::uint32_t {
    Setup = SPN_MIX_BLEND_SETUP,
    First = SPN_MIX_BLEND_FIRST,
    Replace = SPN_MIX_BLEND_REPLACE,
    Add = SPN_MIX_BLEND_ADD,
};

// spn_mix_direction: whether a directly applied animation mixes in or out (ABI 1.4).
enum class MixDirection : std::uint32_t {
    In = SPN_MIX_DIRECTION_IN,
    Out = SPN_MIX_DIRECTION_OUT,
};

// An event key fired by Skeleton::apply_animation (ABI 1.4).
using FiredEvent = spn_fired_event;

// A bone's world transform (spn_bone_world: a, b, c, d, world_x, world_y).
using BoneWorld = spn_bone_world;

/// World rotation (degrees) and scale of a bone's axes (ABI 1.3).
using BoneWorldInfo = spn_bone_world_info;

// An axis-aligned rectangle.
using Rect = spn_rect;

// World position and rotation of a point attachment.
using Point = spn_point;

// A skeleton instance (owns one spn_skeleton handle). Use from one thread at a time.
class Skeleton : public detail::Owned<spn_skeleton, spn_skeleton_destroy> {
public:
    using Owned::Owned;

    // A skeleton of `data` in the setup pose (no skin). It keeps the data alive.
    static Skeleton create(const SkeletonData& data) {
        spn_skeleton handle{0};
        detail::check(spn_skeleton_create(data.handle(), &handle));
        return Skeleton(handle);
    }

    // Sets the data skin named `name`; throws Error(NotFound) if there is none.
    void set_skin(const std::string& name) { detail::check(spn_skeleton_set_skin_by_name(handle_, name.c_str())); }
    // Clears the skin.
    void clear_skin() { detail::check(spn_skeleton_set_skin(handle_, spn_skin{0})); }
    // Name of the current skin, or nullopt when none is set (copied).
    std::optional<std::string> skin_name() const {
        const char* name = nullptr;
        detail::check(spn_skeleton_skin_name(handle_, &name));
        if (name == nullptr) return std::nullopt;
        return std::string(name);
    }

    // Bones, constraints, slots and draw order to the setup pose.
    void setup_pose() { detail::check(spn_skeleton_setup_pose(handle_)); }

    void set_position(float x, float y) { detail::check(spn_skeleton_set_position(handle_, x, y)); }
    std::pair<float, float> position() const {
        float x = 0, y = 0;
        detail::check(spn_skeleton_position(handle_, &x, &y));
        return {x, y};
    }
    void set_scale(float x, float y) { detail::check(spn_skeleton_set_scale(handle_, x, y)); }
    std::pair<float, float> scale() const {
        float x = 0, y = 0;
        detail::check(spn_skeleton_scale(handle_, &x, &y));
        return {x, y};
    }

    // Advances the skeleton time (drives physics) by `delta` seconds.
    void update(double delta) { detail::check(spn_skeleton_update(handle_, delta)); }
    // Seconds advanced so far.
    double time() const {
        double t = 0;
        detail::check(spn_skeleton_time(handle_, &t));
        return t;
    }

    // Applies constraints and computes the world transforms.
    void update_world_transform(Physics physics = Physics::Update) {
        detail::check(spn_skeleton_update_world_transform(handle_, static_cast<std::uint32_t>(physics)));
    }

    void setup_pose_bones() { detail::check(spn_skeleton_setup_pose_bones(handle_)); }
    void setup_pose_slots() { detail::check(spn_skeleton_setup_pose_slots(handle_)); }
    void setup_pose_slot(std::uint32_t slot) { detail::check(spn_skeleton_setup_pose_slot(handle_, slot)); }
    // Recomputes active bones/constraints and the update order.
    void update_cache() { detail::check(spn_skeleton_update_cache(handle_)); }
    // Sets a runtime skin (its contents as they are now).
    void set_skin(const Skin& skin) { detail::check(spn_skeleton_set_skin(handle_, skin.handle())); }

    // Slot attachment by placeholder name (current skin, then default skin); nullopt clears it.
    void set_attachment(std::uint32_t slot, std::optional<std::string> name) {
        detail::check(spn_skeleton_set_attachment(handle_, slot, name ? name->c_str() : nullptr));
    }
    // Attachment id stored for `slot` under placeholder `name`, or nullopt.
    std::optional<std::uint32_t> find_attachment(std::uint32_t slot, const std::string& name) const {
        std::uint32_t id = 0;
        const spn_status status = spn_skeleton_find_attachment(handle_, slot, name.c_str(), &id);
        if (status == SPN_ERROR_NOT_FOUND) return std::nullopt;
        detail::check(status);
        return id;
    }
    // Attachment `id` as this skeleton knows it (ABI 1.9): a data id, or a runtime id it holds
    // (what its slots show, its skin's), also after the skin that made it is gone. A runtime
    // attachment's `skin` is 0xFFFFFFFF; its name stays valid while the skeleton holds it.
    AttachmentInfo attachment(std::uint32_t id) const {
        spn_attachment_info a{};
        a.size = sizeof(a);
        detail::check(spn_skeleton_attachment(handle_, id, &a));
        return AttachmentInfo{detail::sv(a.name), static_cast<AttachmentType>(a.kind), a.skin};
    }
    // The setup geometry of attachment `id` as this skeleton knows it (ABI 1.9).
    AttachmentGeometry attachment_geometry(std::uint32_t id) const {
        AttachmentGeometry g{};
        g.size = sizeof(g);
        detail::check(spn_skeleton_attachment_geometry(handle_, id, &g));
        return g;
    }
    // Float array `array` of attachment `id` as this skeleton knows it (ABI 1.9).
    std::vector<float> attachment_floats(std::uint32_t id, AttachmentArray array) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(array);
        detail::check(spn_skeleton_attachment_floats(handle_, id, what, nullptr, 0, &count));
        std::vector<float> values(count);
        detail::check(spn_skeleton_attachment_floats(handle_, id, what, values.data(), count, &count));
        values.resize(count);
        return values;
    }
    // Index array `array` of attachment `id` as this skeleton knows it (ABI 1.9).
    std::vector<std::uint32_t> attachment_indices(std::uint32_t id, AttachmentArray array) const {
        std::uint32_t count = 0;
        const auto what = static_cast<std::uint32_t>(array);
        detail::check(spn_skeleton_attachment_indices(handle_, id, what, nullptr, 0, &count));
        std::vector<std::uint32_t> values(count);
        detail::check(spn_skeleton_attachment_indices(handle_, id, what, values.data(), count, &count));
        values.resize(count);
        return values;
    }
    // Attachment id shown by `slot` (-1: none).
    std::int32_t slot_attachment(std::uint32_t slot, Pose pose = Pose::Applied) const {
        std::int32_t id = -1;
        detail::check(spn_skeleton_slot_attachment(handle_, slot, static_cast<std::uint32_t>(pose), &id));
        return id;
    }
    void set_slot_attachment(std::uint32_t slot, std::int32_t attachment, Pose pose = Pose::Animated) {
        detail::check(spn_skeleton_set_slot_attachment(handle_, slot, static_cast<std::uint32_t>(pose), attachment));
    }
    Point point_attachment_world(std::uint32_t slot, std::uint32_t attachment) const {
        Point p{};
        detail::check(spn_skeleton_point_attachment_world(handle_, slot, attachment, &p));
        return p;
    }

    BoneLocal bone_local(std::uint32_t bone, Pose pose = Pose::Animated) const {
        BoneLocal l{};
        l.size = sizeof(l);
        detail::check(spn_skeleton_bone_local(handle_, bone, static_cast<std::uint32_t>(pose), &l));
        return l;
    }
    void set_bone_local(std::uint32_t bone, BoneLocal local, Pose pose = Pose::Animated) {
        local.size = sizeof(local);
        detail::check(spn_skeleton_set_bone_local(handle_, bone, static_cast<std::uint32_t>(pose), &local));
    }
    void set_bone_world(std::uint32_t bone, const BoneWorld& world) {
        detail::check(spn_skeleton_set_bone_world(handle_, bone, &world));
    }
    bool bone_active(std::uint32_t bone) const {
        std::uint32_t a = 0;
        detail::check(spn_skeleton_bone_active(handle_, bone, &a));
        return a != 0;
    }
    std::pair<float, float> world_to_local(std::uint32_t bone, float x, float y) const {
        float lx = 0, ly = 0;
        detail::check(spn_skeleton_bone_world_to_local(handle_, bone, x, y, &lx, &ly));
        return {lx, ly};
    }
    std::pair<float, float> local_to_world(std::uint32_t bone, float x, float y) const {
        float wx = 0, wy = 0;
        detail::check(spn_skeleton_bone_local_to_world(handle_, bone, x, y, &wx, &wy));
        return {wx, wy};
    }
    /// World rotation and scale of bone `bone`'s axes (ABI 1.3).
    BoneWorldInfo bone_world_info(std::uint32_t bone) const {
        BoneWorldInfo info{};
        info.size = sizeof(info);
        detail::check(spn_skeleton_bone_world_info(handle_, bone, &info));
        return info;
    }
    /// A world point in the space of bone `bone`'s parent (ABI 1.3; the root: unchanged).
    std::pair<float, float> world_to_parent(std::uint32_t bone, float x, float y) const {
        float px = 0, py = 0;
        detail::check(spn_skeleton_bone_world_to_parent(handle_, bone, x, y, &px, &py));
        return {px, py};
    }
    /// A point in the space of bone `bone`'s parent in world space (ABI 1.3).
    std::pair<float, float> parent_to_world(std::uint32_t bone, float x, float y) const {
        float wx = 0, wy = 0;
        detail::check(spn_skeleton_bone_parent_to_world(handle_, bone, x, y, &wx, &wy));
        return {wx, wy};
    }
    float world_to_local_rotation(std::uint32_t bone, float degrees) const {
        float r = 0;
        detail::check(spn_skeleton_bone_world_to_local_rotation(handle_, bone, degrees, &r));
        return r;
    }
    float local_to_world_rotation(std::uint32_t bone, float degrees) const {
        float r = 0;
        detail::check(spn_skeleton_bone_local_to_world_rotation(handle_, bone, degrees, &r));
        return r;
    }

    Color slot_color(std::uint32_t slot, Pose pose = Pose::Applied) const {
        Color c{};
        detail::check(spn_skeleton_slot_color(handle_, slot, static_cast<std::uint32_t>(pose), &c));
        return c;
    }
    void set_slot_color(std::uint32_t slot, const Color& color, Pose pose = Pose::Animated) {
        detail::check(spn_skeleton_set_slot_color(handle_, slot, static_cast<std::uint32_t>(pose), &color));
    }
    Color slot_dark_color(std::uint32_t slot, Pose pose = Pose::Applied) const {
        Color c{};
        detail::check(spn_skeleton_slot_dark_color(handle_, slot, static_cast<std::uint32_t>(pose), &c));
        return c;
    }
    void set_slot_dark_color(std::uint32_t slot, const Color& color, Pose pose = Pose::Animated) {
        detail::check(spn_skeleton_set_slot_dark_color(handle_, slot, static_cast<std::uint32_t>(pose), &color));
    }
    std::int32_t slot_sequence_index(std::uint32_t slot, Pose pose = Pose::Applied) const {
        std::int32_t i = 0;
        detail::check(spn_skeleton_slot_sequence_index(handle_, slot, static_cast<std::uint32_t>(pose), &i));
        return i;
    }
    void set_slot_sequence_index(std::uint32_t slot, std::int32_t index, Pose pose = Pose::Animated) {
        detail::check(spn_skeleton_set_slot_sequence_index(handle_, slot, static_cast<std::uint32_t>(pose), index));
    }

    // Copies the draw order into `slots` (capacity `capacity`); returns the slot count.
    std::uint32_t draw_order(std::uint32_t* slots, std::uint32_t capacity, Pose pose = Pose::Applied) const {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_draw_order(handle_, static_cast<std::uint32_t>(pose), slots, capacity, &count));
        return count;
    }
    std::vector<std::uint32_t> draw_order(Pose pose = Pose::Applied) const {
        std::vector<std::uint32_t> order(draw_order(nullptr, 0, pose));
        draw_order(order.data(), static_cast<std::uint32_t>(order.size()), pose);
        return order;
    }
    void set_draw_order(View<std::uint32_t> slots, Pose pose = Pose::Animated) {
        detail::check(spn_skeleton_set_draw_order(handle_, static_cast<std::uint32_t>(pose), slots.data(),
                                                  static_cast<std::uint32_t>(slots.size())));
    }
    void set_draw_order(const std::vector<std::uint32_t>& slots, Pose pose = Pose::Animated) {
        set_draw_order(View<std::uint32_t>(slots.data(), slots.size()), pose);
    }

    Color color() const {
        Color c{};
        detail::check(spn_skeleton_color(handle_, &c));
        return c;
    }
    void set_color(const Color& color) { detail::check(spn_skeleton_set_color(handle_, &color)); }
    bool y_down() const {
        std::uint32_t y = 0;
        detail::check(spn_skeleton_y_down(handle_, &y));
        return y != 0;
    }
    void set_y_down(bool y_down) { detail::check(spn_skeleton_set_y_down(handle_, y_down ? 1u : 0u)); }
    void set_time(double time) { detail::check(spn_skeleton_set_time(handle_, time)); }
    std::pair<float, float> wind() const {
        float x = 0, y = 0;
        detail::check(spn_skeleton_wind(handle_, &x, &y));
        return {x, y};
    }
    void set_wind(float x, float y) { detail::check(spn_skeleton_set_wind(handle_, x, y)); }
    std::pair<float, float> gravity() const {
        float x = 0, y = 0;
        detail::check(spn_skeleton_gravity(handle_, &x, &y));
        return {x, y};
    }
    void set_gravity(float x, float y) { detail::check(spn_skeleton_set_gravity(handle_, x, y)); }
    void physics_translate(float x, float y) { detail::check(spn_skeleton_physics_translate(handle_, x, y)); }
    void physics_rotate(float x, float y, float degrees) {
        detail::check(spn_skeleton_physics_rotate(handle_, x, y, degrees));
    }
    // One frame of the host object's movement fed into physics with inheritance factors
    // (ABI 1.3): translate (dx * inherit_x, dy * inherit_y), rotate degrees * inherit_rotation
    // around the skeleton position.
    void physics_move(float dx, float dy, float degrees, float inherit_x = 1.0f, float inherit_y = 1.0f,
                      float inherit_rotation = 1.0f) {
        detail::check(spn_skeleton_physics_move(handle_, dx, dy, degrees, inherit_x, inherit_y, inherit_rotation));
    }
    // Physics control of one physics constraint (ABI 1.3): forget its motion, move or
    // rotate its simulation; the other constraints are untouched.
    void physics_constraint_reset(std::uint32_t constraint) {
        detail::check(spn_skeleton_physics_constraint_reset(handle_, constraint));
    }
    void physics_constraint_translate(std::uint32_t constraint, float x, float y) {
        detail::check(spn_skeleton_physics_constraint_translate(handle_, constraint, x, y));
    }
    void physics_constraint_rotate(std::uint32_t constraint, float x, float y, float degrees) {
        detail::check(spn_skeleton_physics_constraint_rotate(handle_, constraint, x, y, degrees));
    }

    // Property of constraint `constraint`'s pose.
    float constraint(std::uint32_t constraint, ConstraintProperty property, Pose pose = Pose::Applied) const {
        float v = 0;
        detail::check(spn_skeleton_constraint_get(handle_, constraint, static_cast<std::uint32_t>(pose),
                                                  static_cast<std::uint32_t>(property), &v));
        return v;
    }
    void set_constraint(std::uint32_t constraint, ConstraintProperty property, float value,
                        Pose pose = Pose::Animated) {
        detail::check(spn_skeleton_constraint_set(handle_, constraint, static_cast<std::uint32_t>(pose),
                                                  static_cast<std::uint32_t>(property), value));
    }
    bool constraint_active(std::uint32_t constraint) const {
        std::uint32_t a = 0;
        detail::check(spn_skeleton_constraint_active(handle_, constraint, &a));
        return a != 0;
    }
    // Box around region and mesh attachments of active bones, or nullopt when there are none.
    std::optional<Rect> bounds() const {
        Rect r{};
        std::uint32_t found = 0;
        detail::check(spn_skeleton_bounds(handle_, &r, &found));
        if (!found) return std::nullopt;
        return r;
    }

    // World transform of bone `index` as of the last update_world_transform.
    BoneWorld bone_world(std::uint32_t index) const {
        BoneWorld world{};
        detail::check(spn_skeleton_bone_world(handle_, index, &world));
        return world;
    }

    // World vertices (x, y pairs) of the attachment slot `slot` shows (ABI 1.4): writes the
    // whole vertices that fit in `capacity` floats at `out`, returns the float count of all
    // of them. Allocates nothing (per frame).
    std::uint32_t slot_world_vertices(std::uint32_t slot, float* out, std::uint32_t capacity) const {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_slot_world_vertices(handle_, slot, out, capacity, &count));
        return count;
    }
    // The same into a new vector.
    std::vector<float> slot_world_vertices(std::uint32_t slot) const {
        std::vector<float> values(slot_world_vertices(slot, nullptr, 0));
        const auto count = slot_world_vertices(slot, values.data(), static_cast<std::uint32_t>(values.size()));
        values.resize(count);
        return values;
    }

    // Applies animation `animation` at `time` without an animation state (ABI 1.4): keys in
    // (last_time, time] fire; the first `capacity` go to `events` (may be null when 0).
    // Returns how many fired (may exceed `capacity`). Allocates nothing.
    std::uint32_t apply_animation(std::uint32_t animation, double last_time, double time, bool loop,
                                  float alpha = 1.0f, MixBlend blend = MixBlend::Setup,
                                  MixDirection direction = MixDirection::In, FiredEvent* events = nullptr,
                                  std::uint32_t capacity = 0) {
        std::uint32_t count = 0;
        detail::check(spn_skeleton_apply_animation(handle_, animation, last_time, time, loop ? 1u : 0u, alpha,
                                                   static_cast<std::uint32_t>(blend),
                                                   static_cast<std::uint32_t>(direction), sizeof(FiredEvent),
                                                   events, capacity, &count));
        return count;
    }
};

class AnimationState;

// Pose snapshots (ABI 1.4): the skeleton's pose and, when given, the state's tracks and
// entries as plain bytes (two-call size protocol inside); restore() throws
// Error(InvalidArgument) for a snapshot of other data, a changed, truncated or longer one, or
// values the data or the state could not hold (the message says what and where).
// (snapshot, snapshot_into and restore read the state's handle: defined after AnimationState.)
inline std::vector<std::uint8_t> snapshot(const Skeleton& skeleton, const AnimationState* state = nullptr);
// Takes a snapshot into a caller buffer of `capacity` bytes (allocation-free); returns its size.
inline std::size_t snapshot_into(const Skeleton& skeleton, const AnimationState* state, std::uint8_t* out,
                                 std::size_t capacity);
inline void restore(Skeleton& skeleton, AnimationState* state, const std::vector<std::uint8_t>& bytes);
// The most bytes a snapshot of `skeleton` can take (ABI 1.8), whatever its pose: without a
// state (with_state false, counts 0) or with one of at most `tracks` tracks, `entries` track
// entries alive at once and `callbacks` unpolled callbacks. Sizes a ring buffer once.
inline std::size_t snapshot_bound(const Skeleton& skeleton, bool with_state, std::uint32_t tracks = 0,
                                  std::uint32_t entries = 0, std::uint32_t callbacks = 0) {
    std::size_t size = 0;
    detail::check(spn_skeleton_snapshot_bound(skeleton.handle(), with_state ? 1u : 0u, tracks, entries, callbacks,
                                              &size));
    return size;
}

// -------------------------------------------------------------------------------------------------
// 6. Animation state (spn_animation_state_data_*, spn_animation_state_*, spn_track_entry_*)
// -------------------------------------------------------------------------------------------------

// spn_event_type: what a polled event record reports.
enum class EventType : std::uint32_t {
    Start = SPN_EVENT_START,
    Interrupt = SPN_EVENT_INTERRUPT,
    End = SPN_EVENT_END,
    Dispose = SPN_EVENT_DISPOSE,
    Complete = SPN_EVENT_COMPLETE,
    Event = SPN_EVENT_EVENT,
};

inline const char* to_string(EventType type) noexcept {
    switch (type) {
        case EventType::Start: return "start";
        case EventType::Interrupt: return "interrupt";
        case EventType::End: return "end";
        case EventType::Dispose: return "dispose";
        case EventType::Complete: return "complete";
        case EventType::Event: return "event";
    }
    return "unknown event type";
}

// spn_entry_link: a link from a track entry to another.
enum class EntryLink : std::uint32_t {
    Next = SPN_LINK_NEXT,
    Previous = SPN_LINK_PREVIOUS,
    MixingFrom = SPN_LINK_MIXING_FROM,
    MixingTo = SPN_LINK_MIXING_TO,
};

inline const char* to_string(EntryLink link) noexcept {
    switch (link) {
        case EntryLink::Next: return "next";
        case EntryLink::Previous: return "previous";
        case EntryLink::MixingFrom: return "mixingFrom";
        case EntryLink::MixingTo: return "mixingTo";
    }
    return "unknown link";
}

// spn_interpolation: how a mix percentage is shaped (TrackEntry field MixInterpolation).
enum class Interpolation : std::uint32_t {
    Linear = SPN_INTERPOLATION_LINEAR,
    Smooth = SPN_INTERPOLATION_SMOOTH,
    SlowFast = SPN_INTERPOLATION_SLOW_FAST,
    FastSlow = SPN_INTERPOLATION_FAST_SLOW,
    Circle = SPN_INTERPOLATION_CIRCLE,
};

inline const char* to_string(Interpolation interpolation) noexcept {
    switch (interpolation) {
        case Interpolation::Linear: return "linear";
        case Interpolation::Smooth: return "smooth";
        case Interpolation::SlowFast: return "slowFast";
        case Interpolation::FastSlow: return "fastSlow";
        case Interpolation::Circle: return "circle";
    }
    return "unknown interpolation";
}

// Mix durations between animations (owns one spn_animation_state_data handle). Any thread.
class AnimationStateData : public detail::Owned<spn_animation_state_data, spn_animation_state_data_destroy> {
public:
    using Owned::Owned;

    static AnimationStateData create(const SkeletonData& data) {
        spn_animation_state_data handle{0};
        detail::check(spn_animation_state_data_create(data.handle(), &handle));
        return AnimationStateData(handle);
    }

    double default_mix() const {
        double d = 0;
        detail::check(spn_animation_state_data_default_mix(handle_, &d));
        return d;
    }
    void set_default_mix(double duration) { detail::check(spn_animation_state_data_set_default_mix(handle_, duration)); }

    // Mix duration from animation `from` to `to` (names); throws Error(NotFound) if either is unknown.
    void set_mix(const std::string& from, const std::string& to, double duration) {
        detail::check(spn_animation_state_data_set_mix_by_name(handle_, from.c_str(), to.c_str(), duration));
    }
    // Mix duration from animation index `from` to `to`.
    void set_mix(std::uint32_t from, std::uint32_t to, double duration) {
        detail::check(spn_animation_state_data_set_mix(handle_, from, to, duration));
    }
    void clear_mixes() { detail::check(spn_animation_state_data_clear_mixes(handle_)); }
    // Mix duration from animation index `from` to `to` (-1: the empty animation).
    double mix(std::int32_t from, std::int32_t to) const {
        double d = 0;
        detail::check(spn_animation_state_data_mix(handle_, from, to, &d));
        return d;
    }
};

// A track entry of an AnimationState: a plain value (not owned). Once the entry is
// disposed or its state destroyed every call throws Error(StaleHandle).
class TrackEntry {
public:
    TrackEntry() noexcept = default;
    explicit TrackEntry(spn_track_entry raw) noexcept : raw_(raw) {}

    spn_track_entry raw() const noexcept { return raw_; }
    // False for the null entry.
    explicit operator bool() const noexcept { return raw_.state != 0; }

    double get(spn_entry_field field) const {
        double v = 0;
        detail::check(spn_track_entry_get(raw_, static_cast<std::uint32_t>(field), &v));
        return v;
    }
    void set(spn_entry_field field, double value) {
        detail::check(spn_track_entry_set(raw_, static_cast<std::uint32_t>(field), value));
    }

    double alpha() const { return get(SPN_ENTRY_ALPHA); }
    void set_alpha(double alpha) { set(SPN_ENTRY_ALPHA, alpha); }
    double time_scale() const { return get(SPN_ENTRY_TIME_SCALE); }
    void set_time_scale(double scale) { set(SPN_ENTRY_TIME_SCALE, scale); }
    double track_time() const { return get(SPN_ENTRY_TRACK_TIME); }
    void set_track_time(double time) { set(SPN_ENTRY_TRACK_TIME, time); }

    // Animation index, -1 for the empty animation.
    std::int32_t animation() const {
        std::int32_t a = 0;
        detail::check(spn_track_entry_animation(raw_, &a));
        return a;
    }
    std::uint32_t track_index() const {
        std::uint32_t t = 0;
        detail::check(spn_track_entry_track_index(raw_, &t));
        return t;
    }

    double animation_time() const {
        double t = 0;
        detail::check(spn_track_entry_animation_time(raw_, &t));
        return t;
    }
    bool is_complete() const {
        std::uint32_t c = 0;
        detail::check(spn_track_entry_is_complete(raw_, &c));
        return c != 0;
    }
    // Sets the mix duration and recomputes the delay (the reference's setMixDuration(mix, delay)).
    void set_mix_duration(double mix_duration, double delay) {
        detail::check(spn_track_entry_set_mix_duration(raw_, mix_duration, delay));
    }
    void set_mix_interpolation(Interpolation interpolation) {
        set(SPN_ENTRY_MIX_INTERPOLATION, static_cast<double>(interpolation));
    }
    // The linked entry (a null TrackEntry when there is none).
    TrackEntry link(EntryLink link) const {
        spn_track_entry out{0, 0};
        detail::check(spn_track_entry_link(raw_, static_cast<std::uint32_t>(link), &out));
        return TrackEntry(out);
    }
    TrackEntry next() const { return link(EntryLink::Next); }
    TrackEntry mixing_from() const { return link(EntryLink::MixingFrom); }
    void reset_rotation_directions() { detail::check(spn_track_entry_reset_rotation_directions(raw_)); }

private:
    spn_track_entry raw_{0, 0};
};

// One polled callback of an AnimationState, read in place from the library's array (no
// copies): valid until the state's next poll, update, apply, set/add/clear call or destruction.
class EventRecord {
public:
    explicit EventRecord(const spn_event& raw) noexcept : raw_(&raw) {}
    const spn_event& raw() const noexcept { return *raw_; }
    EventType type() const noexcept { return static_cast<EventType>(raw_->kind); }
    std::uint32_t track() const noexcept { return raw_->track; }
    TrackEntry entry() const noexcept { return TrackEntry(raw_->entry); }  // stale for Dispose records
    std::int32_t animation() const noexcept { return raw_->animation; }    // -1: the empty animation
    std::int32_t event() const noexcept { return raw_->event; }            // EventType::Event: data index; else -1
    float time() const noexcept { return raw_->time; }                     // EventType::Event: key time (else 0)
    std::int32_t int_value() const noexcept { return raw_->int_value; }
    float float_value() const noexcept { return raw_->float_value; }
    float volume() const noexcept { return raw_->volume; }
    float balance() const noexcept { return raw_->balance; }
    // EventType::Event: the event's name and the key's string; else empty.
    std::string_view name() const noexcept { return raw_->name ? std::string_view(raw_->name) : std::string_view(); }
    std::string_view string_value() const noexcept {
        return raw_->string_value ? std::string_view(raw_->string_value) : std::string_view();
    }

private:
    const spn_event* raw_;
};

// The polled callbacks: a view over the library's array (iterable, indexable, no copies).
class Events {
public:
    class iterator {
    public:
        explicit iterator(const spn_event* p) noexcept : p_(p) {}
        EventRecord operator*() const noexcept { return EventRecord(*p_); }
        iterator& operator++() noexcept { ++p_; return *this; }
        bool operator!=(const iterator& o) const noexcept { return p_ != o.p_; }
        bool operator==(const iterator& o) const noexcept { return p_ == o.p_; }

    private:
        const spn_event* p_;
    };
    Events() noexcept = default;
    Events(const spn_event* data, std::size_t size) noexcept : data_(data), size_(data ? size : 0) {}
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    EventRecord operator[](std::size_t i) const noexcept { return EventRecord(data_[i]); }
    iterator begin() const noexcept { return iterator(data_); }
    iterator end() const noexcept { return iterator(data_ + size_); }
    View<spn_event> raw() const noexcept { return View<spn_event>(data_, size_); }

private:
    const spn_event* data_ = nullptr;
    std::size_t size_ = 0;
};

// A polled callback copied out of the library (strings as std::string), for keeping.
struct Event {
    EventType type;
    std::uint32_t track;
    TrackEntry entry;          // stale for Dispose records and after them
    std::int32_t animation;    // -1: the empty animation
    std::int32_t event;        // EventType::Event: event data index; else -1
    float time;                // EventType::Event: key time and values (else 0)
    std::int32_t int_value;
    float float_value;
    float volume;
    float balance;
    std::string name;          // EventType::Event: the event's name; else empty
    std::string string_value;  // EventType::Event: the key's string; else empty

    static Event from(const EventRecord& r) {
        return Event{r.type(), r.track(), r.entry(), r.animation(), r.event(), r.time(), r.int_value(),
                     r.float_value(), r.volume(), r.balance(), std::string(r.name()), std::string(r.string_value())};
    }
};

// An animation state (owns one spn_animation_state handle). Use from one thread at a time.
class AnimationState : public detail::Owned<spn_animation_state, spn_animation_state_destroy> {
public:
    using Owned::Owned;

    // A state following the mixes of `state_data` (it keeps them alive).
    static AnimationState create(const AnimationStateData& state_data) {
        spn_animation_state handle{0};
        detail::check(spn_animation_state_create(state_data.handle(), &handle));
        return AnimationState(handle);
    }

    // Plays animation `name` on `track` now; throws Error(NotFound) if there is none.
    TrackEntry set_animation(std::uint32_t track, const std::string& name, bool loop) {
        spn_track_entry entry{0, 0};
        detail::check(spn_animation_state_set_animation_by_name(handle_, track, name.c_str(), loop ? 1u : 0u, &entry));
        return TrackEntry(entry);
    }
    // Queues animation `name` after the track's last entry (see spn_animation_state_add_animation for `delay`).
    TrackEntry add_animation(std::uint32_t track, const std::string& name, bool loop, double delay = 0.0) {
        spn_track_entry entry{0, 0};
        detail::check(
            spn_animation_state_add_animation_by_name(handle_, track, name.c_str(), loop ? 1u : 0u, delay, &entry));
        return TrackEntry(entry);
    }
    // By animation index.
    TrackEntry set_animation(std::uint32_t track, std::uint32_t animation, bool loop) {
        spn_track_entry entry{0, 0};
        detail::check(spn_animation_state_set_animation(handle_, track, animation, loop ? 1u : 0u, &entry));
        return TrackEntry(entry);
    }
    TrackEntry add_animation(std::uint32_t track, std::uint32_t animation, bool loop, double delay = 0.0) {
        spn_track_entry entry{0, 0};
        detail::check(spn_animation_state_add_animation(handle_, track, animation, loop ? 1u : 0u, delay, &entry));
        return TrackEntry(entry);
    }
    TrackEntry set_empty_animation(std::uint32_t track, double mix_duration) {
        spn_track_entry entry{0, 0};
        detail::check(spn_animation_state_set_empty_animation(handle_, track, mix_duration, &entry));
        return TrackEntry(entry);
    }
    TrackEntry add_empty_animation(std::uint32_t track, double mix_duration, double delay = 0.0) {
        spn_track_entry entry{0, 0};
        detail::check(spn_animation_state_add_empty_animation(handle_, track, mix_duration, delay, &entry));
        return TrackEntry(entry);
    }
    void set_empty_animations(double mix_duration) {
        detail::check(spn_animation_state_set_empty_animations(handle_, mix_duration));
    }
    void clear_track(std::uint32_t track) { detail::check(spn_animation_state_clear_track(handle_, track)); }
    // Number of tracks that ever had entries.
    std::uint32_t track_count() const {
        std::uint32_t n = 0;
        detail::check(spn_animation_state_track_count(handle_, &n));
        return n;
    }
    // Discards the queued callbacks without reading them.
    void clear_events() { detail::check(spn_animation_state_clear_events(handle_)); }
    // The entry playing on `track` (a null TrackEntry when the track is empty).
    TrackEntry current(std::uint32_t track) const {
        spn_track_entry entry{0, 0};
        detail::check(spn_animation_state_current(handle_, track, &entry));
        return TrackEntry(entry);
    }

    void update(double delta) { detail::check(spn_animation_state_update(handle_, delta)); }
    void apply(Skeleton& skeleton) { detail::check(spn_animation_state_apply(handle_, skeleton.handle())); }

    double time_scale() const {
        double s = 0;
        detail::check(spn_animation_state_time_scale(handle_, &s));
        return s;
    }
    void set_time_scale(double scale) { detail::check(spn_animation_state_set_time_scale(handle_, scale)); }

    void clear_tracks() { detail::check(spn_animation_state_clear_tracks(handle_)); }

    // Polls (and removes) the callbacks queued since the last poll, in delivery order: a
    // view over the library's array (no allocation), valid until the next call on this state.
    Events events() {
        const spn_event* records = nullptr;
        std::uint32_t count = 0;
        detail::check(spn_animation_state_events(handle_, sizeof(spn_event), &records, &count));
        return Events(records, count);
    }
};

// The pose snapshots declared after Skeleton that read a state.
inline std::vector<std::uint8_t> snapshot(const Skeleton& skeleton, const AnimationState* state) {
    const spn_animation_state s = state ? state->handle() : spn_animation_state{0};
    std::size_t size = 0;
    detail::check(spn_skeleton_snapshot(skeleton.handle(), s, nullptr, 0, &size));
    std::vector<std::uint8_t> bytes(size);
    detail::check(spn_skeleton_snapshot(skeleton.handle(), s, bytes.data(), bytes.size(), &size));
    bytes.resize(size);
    return bytes;
}

inline std::size_t snapshot_into(const Skeleton& skeleton, const AnimationState* state, std::uint8_t* out,
                                 std::size_t capacity) {
    std::size_t size = 0;
    detail::check(spn_skeleton_snapshot(skeleton.handle(), state ? state->handle() : spn_animation_state{0}, out,
                                        capacity, &size));
    return size;
}

inline void restore(Skeleton& skeleton, AnimationState* state, const std::vector<std::uint8_t>& bytes) {
    detail::check(spn_skeleton_restore(skeleton.handle(), state ? state->handle() : spn_animation_state{0},
                                       bytes.data(), bytes.size()));
}

// -------------------------------------------------------------------------------------------------
// 7. Renderer (spn_renderer_*)
// -------------------------------------------------------------------------------------------------

// spn_vertex_layout.
enum class VertexLayout : std::uint32_t { Separate = SPN_LAYOUT_SEPARATE, Interleaved = SPN_LAYOUT_INTERLEAVED };

inline const char* to_string(VertexLayout layout) noexcept {
    return layout == VertexLayout::Separate ? "separate" : layout == VertexLayout::Interleaved ? "interleaved" : "unknown layout";
}

// One draw call of a render (spn_draw_range).
using DrawRange = spn_draw_range;

// The draw-order span a draw range covers (spn_draw_range_info, ABI 1.4).
using DrawRangeInfo = spn_draw_range_info;

// The buffers of one render, as views into the renderer (no copies): valid until the
// renderer's next render, option change or destruction. With the default options the
// layout is separate (positions x,y; uvs u,v; packed colors) with 16-bit indices.
struct RenderOutput {
    spn_vertex_layout layout = SPN_LAYOUT_SEPARATE;
    std::uint32_t vertex_count = 0;
    std::uint32_t index_count = 0;
    std::uint32_t position_stride = 0;  // floats per vertex in positions (2 or 3)
    std::uint32_t index_size = 0;       // 2 or 4
    View<float> positions;              // vertex_count * position_stride
    View<float> uvs;                    // vertex_count * 2
    View<std::uint32_t> colors;         // vertex_count
    View<std::uint32_t> dark_colors;    // vertex_count
    View<std::uint16_t> indices16;      // index_count when index_size == 2, else empty
    View<std::uint32_t> indices32;      // index_count when index_size == 4, else empty
    View<DrawRange> ranges;
    const void* vertices = nullptr;     // interleaved layout only
    std::uint32_t vertex_size = 0;      // interleaved layout: bytes per vertex
    View<spn_vertex> interleaved;       // interleaved layout without z
    View<spn_vertex_z> interleaved_z;   // interleaved layout with z
    View<DrawRangeInfo> range_infos;    // one per range (ABI 1.4)
    View<std::uint32_t> slots;          // slot index per vertex with the slot_indices option (ABI 1.4)
    // Per range, the separator slot it ends at, or SPN_NO_SEPARATOR (ABI 1.8).
    View<std::uint32_t> range_separators;
    // Whether the indices are relative to the whole vertex buffer (the absolute_indices
    // option, ABI 1.8) rather than to their range's first vertex.
    bool absolute_indices = false;

    static RenderOutput from(const spn_render_output& o) {
        RenderOutput r;
        r.layout = static_cast<spn_vertex_layout>(o.layout);
        r.vertex_count = o.vertex_count;
        r.index_count = o.index_count;
        r.position_stride = o.position_stride;
        r.index_size = o.index_size;
        r.positions = View<float>(o.positions, std::size_t(o.vertex_count) * o.position_stride);
        r.uvs = View<float>(o.uvs, std::size_t(o.vertex_count) * 2);
        r.colors = View<std::uint32_t>(o.colors, o.vertex_count);
        r.dark_colors = View<std::uint32_t>(o.dark_colors, o.vertex_count);
        if (o.index_size == 2) r.indices16 = View<std::uint16_t>(static_cast<const std::uint16_t*>(o.indices), o.index_count);
        if (o.index_size == 4) r.indices32 = View<std::uint32_t>(static_cast<const std::uint32_t*>(o.indices), o.index_count);
        r.ranges = View<DrawRange>(o.ranges, o.range_count);
        r.vertices = o.vertices;
        r.vertex_size = o.vertex_size;
        if (o.vertex_size == sizeof(spn_vertex))
            r.interleaved = View<spn_vertex>(static_cast<const spn_vertex*>(o.vertices), o.vertex_count);
        if (o.vertex_size == sizeof(spn_vertex_z))
            r.interleaved_z = View<spn_vertex_z>(static_cast<const spn_vertex_z*>(o.vertices), o.vertex_count);
        r.range_infos = View<DrawRangeInfo>(o.range_infos, o.range_count);
        r.slots = View<std::uint32_t>(o.slots, o.vertex_count);
        r.range_separators = View<std::uint32_t>(o.range_separators, o.range_separators ? o.range_count : 0);
        r.absolute_indices = o.absolute_indices != 0;
        return r;
    }
};

// GPU skinning (ABI 1.9): one frame of a renderer's GPU mode (views valid until the
// renderer's next render, option change or destruction).
struct GpuFrame {
    View<float> palette;  // 6 floats a bone: a, c, b, d, x, y
    View<spn_gpu_draw> draws;
    View<float> cpu_positions;  // x, y per CPU vertex
    View<float> cpu_uvs;
    View<std::uint16_t> cpu_indices;  // relative to their draw's first vertex
    spn_gpu_coverage coverage{};
    std::uint64_t generation = 0;
};

// A renderer (owns one spn_renderer handle). Use from one thread at a time.
class Renderer : public detail::Owned<spn_renderer, spn_renderer_destroy> {
public:
    using Owned::Owned;

    // A renderer with the default options (the reference runtime's output).
    static Renderer create() {
        spn_renderer handle{0};
        detail::check(spn_renderer_create(nullptr, &handle));
        return Renderer(handle);
    }
    // A renderer with `options` (`size` is set here).
    static Renderer create(spn_render_options options) {
        options.size = sizeof(spn_render_options);
        spn_renderer handle{0};
        detail::check(spn_renderer_create(&options, &handle));
        return Renderer(handle);
    }

    spn_render_options options() const {
        spn_render_options o{};
        o.size = sizeof(o);
        detail::check(spn_renderer_options(handle_, &o));
        return o;
    }
    // Changes the options for the next render (the previous output becomes invalid).
    void set_options(spn_render_options options) {
        options.size = sizeof(options);
        detail::check(spn_renderer_set_options(handle_, &options));
    }

    // Renders the skeleton's applied pose (after update_world_transform).
    RenderOutput render(const Skeleton& skeleton) {
        spn_render_output out{};
        out.size = sizeof(out);
        detail::check(spn_renderer_render(handle_, skeleton.handle(), &out));
        return RenderOutput::from(out);
    }
    // Renders the skeleton's applied pose for GPU skinning (ABI 1.9): palette, draws (static
    // blocks of SkeletonData::gpu_streams, or runs of CPU vertices) and coverage.
    GpuFrame render_gpu(const Skeleton& skeleton) {
        spn_gpu_output out{};
        out.size = sizeof(out);
        detail::check(spn_renderer_render_gpu(handle_, skeleton.handle(), &out));
        GpuFrame f;
        f.palette = View<float>(out.palette, std::size_t(out.bone_count) * 6);
        f.draws = View<spn_gpu_draw>(out.draws, out.draw_count);
        f.cpu_positions = View<float>(out.cpu_positions, std::size_t(out.cpu_vertex_count) * 2);
        f.cpu_uvs = View<float>(out.cpu_uvs, std::size_t(out.cpu_vertex_count) * 2);
        f.cpu_indices = View<std::uint16_t>(out.cpu_indices, out.cpu_index_count);
        f.coverage = out.coverage;
        f.generation = out.generation;
        return f;
    }
    // The buffers of the last render (empty before the first).
    RenderOutput output() const {
        spn_render_output out{};
        out.size = sizeof(out);
        detail::check(spn_renderer_output(handle_, &out));
        return RenderOutput::from(out);
    }
    // Separator slots (ABI 1.4): the attachment drawn after one starts a new range. An
    // empty list removes them; they stay through option changes.
    void set_separator_slots(const std::vector<std::uint32_t>& slots) {
        detail::check(spn_renderer_set_separator_slots(handle_, slots.empty() ? nullptr : slots.data(),
                                                       static_cast<std::uint32_t>(slots.size())));
    }
    // Renders only positions first..last (inclusive) of the applied draw order (ABI 1.4).
    RenderOutput render_slots(const Skeleton& skeleton, std::uint32_t first, std::uint32_t last) {
        spn_render_output out{};
        out.size = sizeof(out);
        detail::check(spn_renderer_render_slots(handle_, skeleton.handle(), first, last, &out));
        return RenderOutput::from(out);
    }
};

// -------------------------------------------------------------------------------------------------
// 8. Bounds (spn_bounds_*)
// -------------------------------------------------------------------------------------------------

// One collected bounding box: its slot, attachment id and world polygon (x, y pairs),
// valid until the next Bounds::update or destruction.
struct BoundingBox {
    std::uint32_t slot;
    std::uint32_t attachment;
    View<float> vertices;  // 2 * vertex count floats
};

// The world polygons of a skeleton's visible bounding-box attachments, for hit tests
// (owns one spn_bounds handle). Use from one thread at a time.
class Bounds : public detail::Owned<spn_bounds, spn_bounds_destroy> {
public:
    using Owned::Owned;

    static Bounds create() {
        spn_bounds handle{0};
        detail::check(spn_bounds_create(&handle));
        return Bounds(handle);
    }
    // Collects the boxes of `skeleton` (after update_world_transform); `update_aabb` also the box around them.
    void update(const Skeleton& skeleton, bool update_aabb = true) {
        detail::check(spn_bounds_update(handle_, skeleton.handle(), update_aabb ? 1u : 0u));
    }
    Rect aabb() const {
        Rect r{};
        detail::check(spn_bounds_aabb(handle_, &r));
        return r;
    }
    std::uint32_t count() const {
        std::uint32_t n = 0;
        detail::check(spn_bounds_count(handle_, &n));
        return n;
    }
    BoundingBox box(std::uint32_t index) const {
        spn_bounding_box b{};
        b.size = sizeof(b);
        detail::check(spn_bounds_box(handle_, index, &b));
        return BoundingBox{b.slot, b.attachment, View<float>(b.vertices, std::size_t(b.vertex_count) * 2)};
    }
    bool aabb_contains_point(float x, float y) const {
        std::uint32_t r = 0;
        detail::check(spn_bounds_aabb_contains_point(handle_, x, y, &r));
        return r != 0;
    }
    bool aabb_intersects_segment(float x1, float y1, float x2, float y2) const {
        std::uint32_t r = 0;
        detail::check(spn_bounds_aabb_intersects_segment(handle_, x1, y1, x2, y2, &r));
        return r != 0;
    }
    bool aabb_intersects(const Bounds& other) const {
        std::uint32_t r = 0;
        detail::check(spn_bounds_aabb_intersects_bounds(handle_, other.handle(), &r));
        return r != 0;
    }
    // Slot of the first box containing the point, or nullopt.
    std::optional<std::uint32_t> contains_point(float x, float y) const {
        std::int32_t slot = -1;
        detail::check(spn_bounds_contains_point(handle_, x, y, &slot));
        if (slot < 0) return std::nullopt;
        return static_cast<std::uint32_t>(slot);
    }
    // Slot of the first box the segment touches, or nullopt.
    std::optional<std::uint32_t> intersects_segment(float x1, float y1, float x2, float y2) const {
        std::int32_t slot = -1;
        detail::check(spn_bounds_intersects_segment(handle_, x1, y1, x2, y2, &slot));
        if (slot < 0) return std::nullopt;
        return static_cast<std::uint32_t>(slot);
    }

    // The skeleton's box around region and mesh attachments with clipping applied, using
    // this object's scratch memory (ABI 1.4); nullopt when nothing is left. Allocates
    // nothing once warm.
    std::optional<Rect> skeleton_clipped(const Skeleton& skeleton) {
        Rect r{};
        std::uint32_t found = 0;
        detail::check(spn_bounds_skeleton_clipped(handle_, skeleton.handle(), &r, &found));
        if (!found) return std::nullopt;
        return r;
    }
};

// -------------------------------------------------------------------------------------------------
// 9. Crowd (spn_crowd_*)
// -------------------------------------------------------------------------------------------------

// Many skeletons (each with an optional state and renderer) advanced together across
// threads by update() (owns one spn_crowd handle; refers to its members, does not own them).
class Crowd : public detail::Owned<spn_crowd, spn_crowd_destroy> {
public:
    using Owned::Owned;

    // `threads` 0: one per available core.
    static Crowd create(std::uint32_t threads = 0) {
        spn_crowd handle{0};
        detail::check(spn_crowd_create(threads, &handle));
        return Crowd(handle);
    }
    // Adds a member; pass nullptr for no state / no renderer.
    void add(const Skeleton& skeleton, const AnimationState* state = nullptr, const Renderer* renderer = nullptr) {
        detail::check(spn_crowd_add(handle_, skeleton.handle(), state ? state->handle() : spn_animation_state{0},
                                    renderer ? renderer->handle() : spn_renderer{0}));
    }
    void clear() { detail::check(spn_crowd_clear(handle_)); }
    // Stable member ids (ABI 1.8): add_member returns an id that names the member until it
    // is removed, whatever else is added or removed; index_of gives its current index for
    // the index-based calls.
    std::uint32_t add_member(const Skeleton& skeleton, const AnimationState* state = nullptr,
                             const Renderer* renderer = nullptr) {
        std::uint32_t id = 0;
        detail::check(spn_crowd_add_member(handle_, skeleton.handle(), state ? state->handle() : spn_animation_state{0},
                                           renderer ? renderer->handle() : spn_renderer{0}, &id));
        return id;
    }
    void remove_member(std::uint32_t id) { detail::check(spn_crowd_remove_member(handle_, id)); }
    std::uint32_t index_of(std::uint32_t id) const {
        std::uint32_t index = 0;
        detail::check(spn_crowd_member_index(handle_, id, &index));
        return index;
    }
    std::uint32_t member_id(std::uint32_t index) const {
        std::uint32_t id = 0;
        detail::check(spn_crowd_member_id(handle_, index, &id));
        return id;
    }
    std::uint32_t count() const {
        std::uint32_t n = 0;
        detail::check(spn_crowd_count(handle_, &n));
        return n;
    }
    void set_threads(std::uint32_t threads) { detail::check(spn_crowd_set_threads(handle_, threads)); }
    // One frame for every member: state update/apply, skeleton update, world transforms, render.
    void update(double delta, Physics physics = Physics::Update) {
        detail::check(spn_crowd_update(handle_, delta, static_cast<std::uint32_t>(physics)));
    }

    // Member control (ABI 1.4): remove (later members move down), enable/skip (a disabled
    // member is not updated or rendered), time scale (multiplies the update's delta).
    void remove(std::uint32_t member) { detail::check(spn_crowd_remove(handle_, member)); }
    void set_enabled(std::uint32_t member, bool enabled) {
        detail::check(spn_crowd_set_enabled(handle_, member, enabled ? 1u : 0u));
    }
    bool enabled(std::uint32_t member) const {
        std::uint32_t e = 0;
        detail::check(spn_crowd_enabled(handle_, member, &e));
        return e != 0;
    }
    void set_time_scale(std::uint32_t member, double time_scale) {
        detail::check(spn_crowd_set_time_scale(handle_, member, time_scale));
    }
    double time_scale(std::uint32_t member) const {
        double t = 0;
        detail::check(spn_crowd_time_scale(handle_, member, &t));
        return t;
    }
    // Updates members [first, first + count) on this thread (ABI 1.4): the job-system entry
    // point; threads may update disjoint ranges at once (overlap: Error(Busy)).
    void update_range(std::uint32_t first, std::uint32_t count, double delta, Physics physics = Physics::Update) {
        detail::check(spn_crowd_update_range(handle_, first, count, delta, static_cast<std::uint32_t>(physics)));
    }
    // A member's world offset for render_batched (ABI 1.5; default 0, 0).
    void set_offset(std::uint32_t member, float x, float y) { detail::check(spn_crowd_set_offset(handle_, member, x, y)); }
    std::pair<float, float> offset(std::uint32_t member) const {
        float x = 0, y = 0;
        detail::check(spn_crowd_offset(handle_, member, &x, &y));
        return {x, y};
    }
    // Renders every enabled member, in member order and moved by its offset, into one set
    // of buffers of `renderer` (ABI 1.5): ranges merge across members of the same atlas,
    // page, blend and colors. Same lifetime as Renderer::render's output.
    RenderOutput render_batched(Renderer& renderer) {
        spn_render_output out{};
        out.size = sizeof(out);
        detail::check(spn_crowd_render_batched(handle_, renderer.handle(), &out));
        return RenderOutput::from(out);
    }
};

}  // namespace spine_native

#endif  // SPINE_NATIVE_HPP
