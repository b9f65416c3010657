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

// spn_physics: what physics constraints do in Skeleton::update_world_transform.
enum class Physics : std::uint32_t {
    None = SPN_PHYSICS_NONE,
    Reset = SPN_PHYSICS_RESET,
    Update = SPN_PHYSICS_UPDATE,
    Pose = SPN_PHYSICS_POSE,
};

// spn_event_type: what a polled event record reports.
enum class EventType : std::uint32_t {
    Start = SPN_EVENT_START,
    Interrupt = SPN_EVENT_INTERRUPT,
    End = SPN_EVENT_END,
    Dispose = SPN_EVENT_DISPOSE,
    Complete = SPN_EVENT_COMPLETE,
    Event = SPN_EVENT_EVENT,
};

namespace detail {

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

// A bone's world transform (spn_bone_world: a, b, c, d, world_x, world_y).
using BoneWorld = spn_bone_world;
// One draw call of a render (spn_draw_range).
using DrawRange = spn_draw_range;

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

    // World transform of bone `index` as of the last update_world_transform.
    BoneWorld bone_world(std::uint32_t index) const {
        BoneWorld world{};
        detail::check(spn_skeleton_bone_world(handle_, index, &world));
        return world;
    }
};

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

private:
    spn_track_entry raw_{0, 0};
};

// One polled callback of an AnimationState (strings copied).
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

    // Polls (and removes) the callbacks queued since the last poll, in delivery order.
    std::vector<Event> events() {
        const spn_event* records = nullptr;
        std::uint32_t count = 0;
        detail::check(spn_animation_state_events(handle_, sizeof(spn_event), &records, &count));
        std::vector<Event> result;
        result.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) {
            const spn_event& r = records[i];
            result.push_back(Event{static_cast<EventType>(r.kind), r.track, TrackEntry(r.entry), r.animation, r.event,
                                   r.time, r.int_value, r.float_value, r.volume, r.balance,
                                   r.name ? std::string(r.name) : std::string(),
                                   r.string_value ? std::string(r.string_value) : std::string()});
        }
        return result;
    }
};

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
        return r;
    }
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

    // Renders the skeleton's applied pose (after update_world_transform).
    RenderOutput render(const Skeleton& skeleton) {
        spn_render_output out{};
        out.size = sizeof(out);
        detail::check(spn_renderer_render(handle_, skeleton.handle(), &out));
        return RenderOutput::from(out);
    }
    // The buffers of the last render (empty before the first).
    RenderOutput output() const {
        spn_render_output out{};
        out.size = sizeof(out);
        detail::check(spn_renderer_output(handle_, &out));
        return RenderOutput::from(out);
    }
};

}  // namespace spine_native

#endif  // SPINE_NATIVE_HPP
