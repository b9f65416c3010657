// Tests of the C++ wrapper (spine_native.hpp) against corpus rigs.
//
// usage: test_bindings RIGS.tsv [RIGS42.tsv] [CASES.tsv DUMP]
// With CASES.tsv (bindings/tools/golden_cases.py prepare) it also replays the golden cases
// into DUMP, which `golden_cases.py compare` checks against the goldens.
// RIGS.tsv is written by bindings/tools/rig_manifest.py, RIGS42.tsv (the Spine 4.2 exports
// of SPINE_CORPUS42) by `rig_manifest.py --v42`. Prints one line per failed check
// and closes with "N passed, M failed"; exits non-zero when anything failed.
#include "spine_native.hpp"
#include "golden_replay.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace sn = spine_native;

namespace {

struct Page {
    std::string name;
    std::uint32_t width = 0, height = 0;
    bool pma = false;
};

struct Rig {
    std::string name, atlas, json, skel;
    std::map<std::string, std::uint32_t> counts;
    std::map<std::string, std::vector<std::string>> names;
    std::vector<double> durations;
    std::vector<bool> animation_events;
    std::uint32_t atlas_pages = 0, atlas_regions = 0;
    std::vector<Page> pages;
};

const std::vector<std::pair<std::string, sn::Item>> kItems = {
    {"bone", sn::Item::Bone},           {"slot", sn::Item::Slot},   {"skin", sn::Item::Skin},
    {"animation", sn::Item::Animation}, {"event", sn::Item::Event}, {"constraint", sn::Item::Constraint},
};

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) fields.push_back(field);
    return fields;
}

std::vector<Rig> read_manifest(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open manifest " + path);
    std::vector<Rig> rigs;
    Rig rig;
    std::string line;
    while (std::getline(in, line)) {
        const auto f = split_tabs(line);
        if (f.empty()) continue;
        const std::string& key = f[0];
        if (key == "rig") rig = Rig{}, rig.name = f.at(1);
        else if (key == "atlas") rig.atlas = f.at(1);
        else if (key == "json") rig.json = f.at(1);
        else if (key == "skel") rig.skel = f.at(1);
        else if (key == "count") rig.counts[f.at(1)] = static_cast<std::uint32_t>(std::stoul(f.at(2)));
        else if (key == "atlas_pages") rig.atlas_pages = static_cast<std::uint32_t>(std::stoul(f.at(1)));
        else if (key == "atlas_regions") rig.atlas_regions = static_cast<std::uint32_t>(std::stoul(f.at(1)));
        else if (key == "page")
            rig.pages.push_back(Page{f.at(2), static_cast<std::uint32_t>(std::stoul(f.at(3))),
                                     static_cast<std::uint32_t>(std::stoul(f.at(4))), f.at(5) == "1"});
        else if (key == "name") rig.names[f.at(1)].push_back(f.at(3));
        else if (key == "duration") rig.durations.push_back(std::stod(f.at(2)));
        else if (key == "anim_events") rig.animation_events.push_back(f.at(2) == "1");
        else if (key == "end") rigs.push_back(rig);
        else throw std::runtime_error("unknown manifest line: " + line);
    }
    return rigs;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// A failed expectation inside a test.
struct Failure {
    std::string what;
};

#define EXPECT(cond)                                                                                  \
    do {                                                                                              \
        if (!(cond)) throw Failure{std::string(__FILE__ ":") + std::to_string(__LINE__) + ": " #cond}; \
    } while (0)

// Runs `body`, which must throw sn::Error with `status` (and `kind` unless nullopt).
void expect_error(const std::function<void()>& body, sn::Status status, std::optional<sn::ErrorKind> kind,
                  const char* where) {
    try {
        body();
    } catch (const sn::Error& e) {
        if (e.status() != status || (kind && e.kind() != *kind))
            throw Failure{std::string(where) + ": expected status " + sn::to_string(status) + " kind " +
                          (kind ? sn::to_string(*kind) : "any") + ", got " + sn::to_string(e.status()) + " kind " +
                          sn::to_string(e.kind()) + " (" + e.what() + ")"};
        if (std::string(e.what()).empty()) throw Failure{std::string(where) + ": empty error message"};
        return;
    }
    throw Failure{std::string(where) + ": no error thrown"};
}

template <typename A, typename B>
void expect_eq(const A& actual, const B& expected, const char* what, int line) {
    if (!(actual == expected)) {
        std::ostringstream message;
        message << __FILE__ << ":" << line << ": " << what << ": got " << actual << ", expected " << expected;
        throw Failure{message.str()};
    }
}

#define EXPECT_EQ(actual, expected) expect_eq(actual, expected, #actual, __LINE__)
#define STR2(x) #x
#define STR(x) STR2(x)
#define EXPECT_THROWS(body, status, kind) expect_error([&] { (void)(body); }, status, kind, __FILE__ ":" STR(__LINE__))

int passed = 0, failed = 0;

void run(const std::string& name, const std::function<void()>& body) {
    try {
        body();
        ++passed;
    } catch (const Failure& f) {
        ++failed;
        std::cout << "FAIL " << name << ": " << f.what << "\n";
    } catch (const sn::Error& e) {
        ++failed;
        std::cout << "FAIL " << name << ": unexpected spine_native::Error (status " << sn::to_string(e.status())
                  << ", kind " << sn::to_string(e.kind()) << "): " << e.what() << "\n";
    } catch (const std::exception& e) {
        ++failed;
        std::cout << "FAIL " << name << ": " << e.what() << "\n";
    }
}

void check_data(const Rig& rig, const sn::SkeletonData& data) {
    // Sequence timeline keys (ABI 1.4): slots and attachments in range, known modes.
    for (std::uint32_t a = 0; a < data.count(sn::Item::Animation); ++a) {
        for (const auto& k : data.animation_sequence_keys(a)) {
            EXPECT(k.slot < data.count(sn::Item::Slot) && k.attachment < data.count(sn::Item::Attachment));
            EXPECT(k.mode <= 6 && k.time >= 0.0f);
        }
    }
    // Constraint data by type (ABI 1.4): the record's type is the constraint's; bones in
    // range; mappings only for transform constraints.
    for (std::uint32_t i = 0; i < data.count(sn::Item::Constraint); ++i) {
        const auto type = data.constraint(i).type;
        const sn::ConstraintData c = data.constraint_data(i);
        EXPECT(c.kind == static_cast<std::uint32_t>(type) && c.size == sizeof(c));
        for (const auto b : data.constraint_bones(i)) EXPECT(b < data.count(sn::Item::Bone));
        if (type == sn::ConstraintType::Transform) {
            EXPECT_EQ(data.constraint_transform_mappings(i).size(), static_cast<std::size_t>(c.mapping_count));
        } else {
            EXPECT_THROWS(data.constraint_transform_mappings(i), sn::Status::InvalidArgument, sn::ErrorKind::None);
        }
        if (type == sn::ConstraintType::Ik) EXPECT(c.bend_direction == 1 || c.bend_direction == -1);
        if (type == sn::ConstraintType::Physics) EXPECT(c.step > 0.0 && data.constraint_bones(i).size() == 1);
    }
    // Attachment geometry (ABI 1.4): the record's kind and vertex count agree with the
    // attachment and its arrays; other kinds' arrays are rejected.
    for (std::uint32_t id = 0; id < data.count(sn::Item::Attachment); ++id) {
        const auto type = data.attachment(id).type;
        const sn::AttachmentGeometry g = data.attachment_geometry(id);
        EXPECT(g.kind == static_cast<std::uint32_t>(type) && g.size == sizeof(g));
        if (type == sn::AttachmentType::Region) {
            EXPECT_EQ(g.vertex_count, 4u);
            EXPECT_EQ(data.attachment_floats(id, sn::AttachmentArray::Offsets).size(), 8u);
            EXPECT_THROWS(data.attachment_floats(id, sn::AttachmentArray::Vertices), sn::Status::InvalidArgument,
                          sn::ErrorKind::None);
        } else if (type == sn::AttachmentType::Point) {
            EXPECT_EQ(g.vertex_count, 1u);
        } else {
            const auto vertices = data.attachment_floats(id, sn::AttachmentArray::Vertices);
            const auto bones = data.attachment_indices(id, sn::AttachmentArray::Bones);
            EXPECT(g.weighted ? vertices.size() == (bones.size() - g.vertex_count) * 3
                              : vertices.size() == g.vertex_count * 2 && bones.empty());
        }
        if (type == sn::AttachmentType::Mesh || type == sn::AttachmentType::LinkedMesh) {
            EXPECT_EQ(data.attachment_floats(id, sn::AttachmentArray::Uvs).size(), g.vertex_count * 2);
            EXPECT(data.attachment_indices(id, sn::AttachmentArray::Triangles).size() % 3 == 0);
            EXPECT(g.hull_length <= g.vertex_count * 2);
        }
    }
    // Texture sequences (ABI 1.3): regions and meshes have one, other attachments none.
    for (std::uint32_t id = 0; id < data.count(sn::Item::Attachment); ++id) {
        const auto type = data.attachment(id).type;
        if (type == sn::AttachmentType::Region || type == sn::AttachmentType::Mesh ||
            type == sn::AttachmentType::LinkedMesh) {
            const sn::SequenceData s = data.attachment_sequence(id);
            EXPECT(s.count >= 1 && s.setup_index >= 0 && static_cast<std::uint32_t>(s.setup_index) < s.count);
        } else {
            EXPECT_THROWS(data.attachment_sequence(id), sn::Status::InvalidArgument, sn::ErrorKind::None);
        }
    }
    for (const auto& [key, item] : kItems) {
        EXPECT_EQ(data.count(item), rig.counts.at(key));
        const auto names = data.names(item);
        const auto expected_it = rig.names.find(key);
        const std::vector<std::string> none;
        const auto& expected = expected_it == rig.names.end() ? none : expected_it->second;
        EXPECT_EQ(names.size(), expected.size());
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] != expected[i])
                throw Failure{rig.name + ": " + key + " " + std::to_string(i) + " is '" + std::string(names[i]) +
                              "', expected '" + expected[i] + "'"};
        }
        if (!expected.empty()) {
            const auto last = static_cast<std::uint32_t>(expected.size() - 1);
            EXPECT(data.find(item, expected[last]) == std::optional<std::uint32_t>(last));
        }
        EXPECT(!data.find(item, "no such entry \xE2\x9C\x97").has_value());
        EXPECT_THROWS(data.name(item, data.count(item)), sn::Status::OutOfRange, sn::ErrorKind::None);
    }
    for (std::size_t i = 0; i < rig.durations.size(); ++i) {
        const float d = data.animation_duration(static_cast<std::uint32_t>(i));
        if (!(std::fabs(d - rig.durations[i]) <= 1e-3 + 1e-4 * std::fabs(rig.durations[i])))
            throw Failure{rig.name + ": animation " + std::to_string(i) + " duration " + std::to_string(d) +
                          ", expected " + std::to_string(rig.durations[i])};
    }
    EXPECT_THROWS(data.animation_duration(static_cast<std::uint32_t>(rig.durations.size())), sn::Status::OutOfRange,
                  sn::ErrorKind::None);
}

void check_atlas(const Rig& rig, const sn::Atlas& atlas) {
    EXPECT_EQ(atlas.page_count(), rig.atlas_pages);
    EXPECT_EQ(atlas.region_count(), rig.atlas_regions);
    const auto pages = atlas.pages();
    EXPECT_EQ(pages.size(), rig.pages.size());
    for (std::size_t i = 0; i < pages.size(); ++i) {
        EXPECT_EQ(pages[i].name, rig.pages[i].name);
        EXPECT_EQ(pages[i].width, rig.pages[i].width);
        EXPECT_EQ(pages[i].height, rig.pages[i].height);
        EXPECT_EQ(pages[i].pma, rig.pages[i].pma);
    }
    EXPECT_THROWS(atlas.page(rig.atlas_pages), sn::Status::OutOfRange, sn::ErrorKind::None);
}

void rig_tests(const Rig& rig) {
    run(rig.name + "/atlas_file", [&] { check_atlas(rig, sn::Atlas::load_file(rig.atlas)); });
    run(rig.name + "/atlas_memory", [&] { check_atlas(rig, sn::Atlas::load(read_file(rig.atlas))); });
    run(rig.name + "/json_memory", [&] {
        const auto atlas = sn::Atlas::load_file(rig.atlas);
        check_data(rig, sn::SkeletonData::load_json(read_file(rig.json), atlas));
    });
    run(rig.name + "/binary_memory", [&] {
        const auto atlas = sn::Atlas::load_file(rig.atlas);
        const std::string bytes = read_file(rig.skel);
        check_data(rig, sn::SkeletonData::load_binary(bytes.data(), bytes.size(), atlas));
    });
    run(rig.name + "/json_file_no_atlas_scaled", [&] { check_data(rig, sn::SkeletonData::load_file(rig.json, {}, 0.5f)); });
    run(rig.name + "/binary_file", [&] {
        const auto atlas = sn::Atlas::load_file(rig.atlas);
        check_data(rig, sn::SkeletonData::load_file(rig.skel, atlas));
    });
    run(rig.name + "/truncated_skel", [&] {
        const std::string bytes = read_file(rig.skel);
        EXPECT_THROWS(sn::SkeletonData::load_binary(bytes.data(), bytes.size() / 2), sn::Status::Load,
                      sn::ErrorKind::Truncated);
    });
    run(rig.name + "/trailing_bytes", [&] {
        const std::string bytes = read_file(rig.skel) + std::string(3, '\0');
        EXPECT_THROWS(sn::SkeletonData::load_binary(bytes), sn::Status::Load, sn::ErrorKind::TrailingBytes);
    });
}

void general_tests(const Rig& rig, const Rig& other) {
    run("version", [] {
        EXPECT(sn::abi_compatible());
        EXPECT(sn::abi_version() >> 16 == SPN_ABI_VERSION >> 16);
        EXPECT(!sn::version().empty());
    });
    run("empty_objects_report_null_argument", [] {
        const sn::Atlas atlas;
        const sn::SkeletonData data;
        EXPECT(!atlas && !data);
        EXPECT_THROWS(atlas.page_count(), sn::Status::NullArgument, sn::ErrorKind::None);
        EXPECT_THROWS(data.count(sn::Item::Bone), sn::Status::NullArgument, sn::ErrorKind::None);
    });
    run("move_transfers_ownership", [&] {
        auto atlas = sn::Atlas::load_file(rig.atlas);
        const spn_atlas raw = atlas.handle();
        sn::Atlas moved(std::move(atlas));
        EXPECT(!atlas && moved && moved.handle().bits == raw.bits);
        EXPECT(moved.page_count() == rig.atlas_pages);
        EXPECT_THROWS(atlas.page_count(), sn::Status::NullArgument, sn::ErrorKind::None);  // NOLINT(bugprone-use-after-move)
        sn::Atlas assigned = sn::Atlas::load_file(other.atlas);
        const spn_atlas replaced = assigned.handle();
        assigned = std::move(moved);  // destroys the handle `assigned` held
        EXPECT(assigned.page_count() == rig.atlas_pages);
        EXPECT(spn_atlas_region_count(replaced, nullptr) == SPN_ERROR_NULL_ARGUMENT);
        std::uint32_t n = 0;
        EXPECT(spn_atlas_region_count(replaced, &n) == SPN_ERROR_STALE_HANDLE);
    });
    run("stale_handle_after_move_and_reset", [&] {
        auto data = sn::SkeletonData::load_file(rig.json);
        const spn_skeleton_data raw = data.handle();
        sn::SkeletonData moved = std::move(data);
        moved.reset();
        EXPECT(!moved);
        // Adopting the now-stale raw handle: the library reports it, the destructor's
        // second destroy is harmless.
        const sn::SkeletonData stale(raw);
        EXPECT_THROWS(stale.count(sn::Item::Bone), sn::Status::StaleHandle, sn::ErrorKind::None);
        EXPECT(spn_skeleton_data_destroy(raw) == SPN_ERROR_STALE_HANDLE);
    });
    run("release_gives_up_ownership", [&] {
        auto atlas = sn::Atlas::load_file(rig.atlas);
        const spn_atlas raw = atlas.release();
        EXPECT(!atlas);
        std::uint32_t n = 0;
        EXPECT(spn_atlas_page_count(raw, &n) == SPN_OK && n == rig.atlas_pages);
        EXPECT(spn_atlas_destroy(raw) == SPN_OK);
    });
    run("wrong_type_handle", [&] {
        const auto data = sn::SkeletonData::load_file(rig.json);
        {
            // Skeleton data bits posing as an atlas: reported, and the destructor's destroy
            // is refused (WRONG_TYPE) rather than destroying the skeleton data.
            const sn::Atlas pretend(spn_atlas{data.handle().bits});
            EXPECT_THROWS(pretend.page_count(), sn::Status::WrongType, sn::ErrorKind::None);
        }
        EXPECT(data.count(sn::Item::Bone) == rig.counts.at("bone"));
    });
    run("data_outlives_atlas", [&] {
        sn::SkeletonData data;
        {
            const auto atlas = sn::Atlas::load_file(rig.atlas);
            data = sn::SkeletonData::load_file(rig.skel, atlas);
        }
        EXPECT(data.count(sn::Item::Bone) == rig.counts.at("bone"));
        EXPECT(data.name(sn::Item::Bone, 0) == rig.names.at("bone").at(0));
    });
    run("missing_file_is_io", [] {
        EXPECT_THROWS(sn::Atlas::load_file("/nonexistent/nope.atlas"), sn::Status::Io, sn::ErrorKind::Io);
        EXPECT_THROWS(sn::SkeletonData::load_file("/nonexistent/nope.skel"), sn::Status::Io, sn::ErrorKind::Io);
    });
    run("malformed_json", [] {
        EXPECT_THROWS(sn::SkeletonData::load_json("{\"skeleton\": "), sn::Status::Load, sn::ErrorKind::MalformedJson);
    });
    run("wrong_version_json", [] {
        EXPECT_THROWS(sn::SkeletonData::load_json(R"({"skeleton": {"spine": "3.8.99"}, "bones": [{"name": "root"}]})"),
                      sn::Status::Load, sn::ErrorKind::Version);
    });
    run("invalid_atlas_text", [] {
        EXPECT_THROWS(sn::Atlas::load("page.png\nsize: banana\n"), sn::Status::Load, sn::ErrorKind::InvalidAtlas);
    });
    run("not_utf8_text", [] {
        EXPECT_THROWS(sn::Atlas::load("\xFF\xFE"), sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(sn::SkeletonData::load_json("\xFF"), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run("invalid_scale", [&] {
        EXPECT_THROWS(sn::SkeletonData::load_file(rig.json, {}, 0.0f), sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(sn::SkeletonData::load_file(rig.json, {}, NAN), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run("invalid_item", [&] {
        const auto data = sn::SkeletonData::load_file(rig.json);
        EXPECT_THROWS(data.count(static_cast<sn::Item>(99)), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run("missing_region", [&] {
        // Another rig's atlas lacks this rig's regions.
        const auto atlas = sn::Atlas::load_file(other.atlas);
        EXPECT_THROWS(sn::SkeletonData::load_file(rig.json, atlas), sn::Status::Load, sn::ErrorKind::MissingRegion);
    });
    run("last_error_is_per_thread", [&] {
        EXPECT_THROWS(sn::SkeletonData::load_json("{"), sn::Status::Load, sn::ErrorKind::MalformedJson);
        const std::string mine = sn::last_error_message();
        std::thread([] {
            try {
                sn::Atlas::load_file("/nonexistent/other-thread.atlas");
            } catch (const sn::Error&) {
            }
        }).join();
        EXPECT(sn::last_error_message() == mine);
        EXPECT(sn::last_error_kind() == sn::ErrorKind::MalformedJson);
    });
    run("status_and_error_kind_strings_name_the_values", [&] {
        EXPECT(sn::status_string(sn::Status::Ok) == "SPN_OK");
        EXPECT(sn::status_string(sn::Status::StaleHandle) == "SPN_ERROR_STALE_HANDLE");
        EXPECT(sn::status_string(sn::Status::Busy) == "SPN_ERROR_BUSY");
        EXPECT(sn::status_string(static_cast<sn::Status>(99)) == "SPN_STATUS_UNKNOWN");
        EXPECT(sn::error_kind_string(sn::ErrorKind::None) == "SPN_ERROR_KIND_NONE");
        EXPECT(sn::error_kind_string(sn::ErrorKind::MalformedJson) == "SPN_ERROR_KIND_MALFORMED_JSON");
        EXPECT(sn::error_kind_string(static_cast<sn::ErrorKind>(-1)) == "SPN_ERROR_KIND_UNKNOWN");
        try {
            sn::SkeletonData::load_json("{");
            EXPECT(false);
        } catch (const sn::Error& e) {
            EXPECT(sn::status_string(e.status()) == "SPN_ERROR_LOAD");
            EXPECT(sn::error_kind_string(e.kind()) == "SPN_ERROR_KIND_MALFORMED_JSON");
        }
    });
}


// The playback rig: spineboy when present, else the first rig with an animation that has
// event keys, else the first rig.
const Rig& playback_rig(const std::vector<Rig>& rigs) {
    for (const Rig& rig : rigs)
        if (rig.name == "spineboy") return rig;
    for (const Rig& rig : rigs)
        for (bool e : rig.animation_events)
            if (e) return rig;
    return rigs.front();
}

// "walk" when the rig has it with events, else the first animation with events (empty: none).
std::string event_animation(const Rig& rig) {
    const auto& names = rig.names.at("animation");
    std::string first;
    for (std::size_t i = 0; i < names.size() && i < rig.animation_events.size(); ++i) {
        if (!rig.animation_events[i]) continue;
        if (names[i] == "walk") return names[i];
        if (first.empty()) first = names[i];
    }
    return first;
}

std::string walk_or_first(const Rig& rig) {
    const auto& names = rig.names.at("animation");
    for (const auto& n : names)
        if (n == "walk") return n;
    return names.at(0);
}

// One loaded rig with a skeleton (default skin when the data has one), a state and a renderer.
struct Player {
    sn::SkeletonData data;
    sn::Skeleton skeleton;
    sn::AnimationStateData state_data;
    sn::AnimationState state;
    sn::Renderer renderer;

    explicit Player(const Rig& rig) {
        const auto atlas = sn::Atlas::load_file(rig.atlas);
        data = sn::SkeletonData::load_file(rig.skel, atlas);
        skeleton = sn::Skeleton::create(data);
        if (data.find(sn::Item::Skin, "default")) skeleton.set_skin("default");
        skeleton.setup_pose();
        state_data = sn::AnimationStateData::create(data);
        state = sn::AnimationState::create(state_data);
        renderer = sn::Renderer::create();
    }

    sn::RenderOutput frame(double dt) {
        state.update(dt);
        state.apply(skeleton);
        skeleton.update(dt);
        skeleton.update_world_transform(sn::Physics::Update);
        return renderer.render(skeleton);
    }
};

void playback_tests(const Rig& rig) {
    const double dt = 1.0 / 60.0;
    run(rig.name + "/playback_render_60_frames", [&] {
        Player p(rig);
        p.skeleton.set_position(100.0f, 50.0f);
        p.skeleton.set_scale(1.0f, 1.0f);
        EXPECT(p.skeleton.position() == std::make_pair(100.0f, 50.0f));
        const std::string anim = walk_or_first(rig);
        const sn::TrackEntry entry = p.state.set_animation(0, anim, true);
        EXPECT(entry && entry.track_index() == 0);
        EXPECT_EQ(std::string(p.data.name(sn::Item::Animation, static_cast<std::uint32_t>(entry.animation()))), anim);
        sn::RenderOutput out;
        for (int i = 0; i < 60; ++i) out = p.frame(dt);
        EXPECT(std::fabs(p.skeleton.time() - 1.0) < 1e-6);
        EXPECT(std::fabs(entry.track_time() - 1.0) < 1e-6);
        EXPECT(out.vertex_count > 0);
        EXPECT(out.index_count > 0);
        EXPECT(out.layout == SPN_LAYOUT_SEPARATE);
        EXPECT_EQ(out.index_size, 2u);
        EXPECT_EQ(out.position_stride, 2u);
        EXPECT_EQ(out.positions.size(), std::size_t(out.vertex_count) * 2);
        EXPECT_EQ(out.uvs.size(), std::size_t(out.vertex_count) * 2);
        EXPECT_EQ(out.colors.size(), std::size_t(out.vertex_count));
        EXPECT_EQ(out.indices16.size(), std::size_t(out.index_count));
        EXPECT(out.indices32.empty());
        EXPECT(!out.ranges.empty());
        std::uint32_t range_indices = 0;
        for (const auto& r : out.ranges) {
            range_indices += r.index_count;
            EXPECT(r.first_vertex + r.vertex_count <= out.vertex_count);
            for (std::uint32_t k = r.first_index; k < r.first_index + r.index_count; ++k)
                EXPECT(out.indices16[k] < r.vertex_count);
        }
        EXPECT_EQ(range_indices, out.index_count);
        for (float v : out.positions) EXPECT(std::isfinite(v));
        // Second path: the renderer's last output, and the raw C call, describe the same buffers.
        const sn::RenderOutput again = p.renderer.output();
        EXPECT_EQ(again.vertex_count, out.vertex_count);
        EXPECT_EQ(again.index_count, out.index_count);
        EXPECT(again.positions.data() == out.positions.data() && again.indices16.data() == out.indices16.data());
        spn_render_output raw{};
        raw.size = sizeof(raw);
        EXPECT(spn_renderer_output(p.renderer.handle(), &raw) == SPN_OK);
        EXPECT_EQ(raw.vertex_count, out.vertex_count);
        EXPECT_EQ(raw.index_count, out.index_count);
        EXPECT_EQ(raw.range_count, static_cast<std::uint32_t>(out.ranges.size()));
        // The root bone's world position follows the skeleton position.
        const sn::BoneWorld root = p.skeleton.bone_world(0);
        EXPECT(std::isfinite(root.a) && std::isfinite(root.world_x) && std::isfinite(root.world_y));
        p.skeleton.set_position(0.0f, 0.0f);
        p.skeleton.update_world_transform(sn::Physics::Pose);
        EXPECT(std::fabs((root.world_x - p.skeleton.bone_world(0).world_x) - 100.0f) < 1e-3f);
        EXPECT_THROWS(p.skeleton.bone_world(rig.counts.at("bone")), sn::Status::OutOfRange, sn::ErrorKind::None);
        // World rotation and scale of the axes, parent space (ABI 1.3). Bone 1's parent is
        // the root (parents come first), so its parent space is bone 0's local space.
        const sn::BoneWorld w0 = p.skeleton.bone_world(0);
        const sn::BoneWorldInfo info = p.skeleton.bone_world_info(0);
        EXPECT_EQ(info.size, static_cast<std::uint32_t>(sizeof(info)));
        EXPECT(std::fabs(info.rotation_x - std::atan2(w0.c, w0.a) * (180.0 / 3.14159265358979323846)) < 1e-3);
        EXPECT(std::fabs(info.rotation_y - std::atan2(w0.d, w0.b) * (180.0 / 3.14159265358979323846)) < 1e-3);
        EXPECT(std::fabs(info.scale_x - std::hypot(w0.a, w0.c)) < 1e-5f);
        EXPECT(std::fabs(info.scale_y - std::hypot(w0.b, w0.d)) < 1e-5f);
        const auto root_parent = p.skeleton.world_to_parent(0, 3.0f, 4.0f);
        EXPECT(root_parent.first == 3.0f && root_parent.second == 4.0f);
        if (rig.counts.at("bone") > 1) {
            EXPECT(p.skeleton.parent_to_world(1, 3.0f, 4.0f) == p.skeleton.local_to_world(0, 3.0f, 4.0f));
            EXPECT(p.skeleton.world_to_parent(1, 3.0f, 4.0f) == p.skeleton.world_to_local(0, 3.0f, 4.0f));
        }
        EXPECT_THROWS(p.skeleton.bone_world_info(rig.counts.at("bone")), sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(p.skeleton.parent_to_world(rig.counts.at("bone"), 0.0f, 0.0f), sn::Status::OutOfRange,
                      sn::ErrorKind::None);
    });
    run(rig.name + "/physics_constraint_control", [&] {
        // Translating each physics constraint by itself is the whole-skeleton translate (ABI 1.3).
        Player whole(rig), each(rig);
        const std::uint32_t constraints = whole.data.count(sn::Item::Constraint);
        const std::uint32_t bones = whole.data.count(sn::Item::Bone);
        whole.skeleton.physics_translate(30.0f, -20.0f);
        for (std::uint32_t c = 0; c < constraints; ++c) {
            if (each.data.constraint(c).type == sn::ConstraintType::Physics) {
                each.skeleton.physics_constraint_translate(c, 30.0f, -20.0f);
                each.skeleton.physics_constraint_rotate(c, 0.0f, 0.0f, 0.0f);
            } else {
                EXPECT_THROWS(each.skeleton.physics_constraint_reset(c), sn::Status::InvalidArgument, sn::ErrorKind::None);
            }
        }
        for (int f = 0; f < 5; ++f) {
            whole.frame(1.0 / 60.0);
            each.frame(1.0 / 60.0);
        }
        for (std::uint32_t b = 0; b < bones; ++b) {
            const sn::BoneWorld x = whole.skeleton.bone_world(b), y = each.skeleton.bone_world(b);
            EXPECT(x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d && x.world_x == y.world_x &&
                   x.world_y == y.world_y);
        }
        EXPECT_THROWS(each.skeleton.physics_constraint_translate(constraints, 1.0f, 0.0f), sn::Status::OutOfRange,
                      sn::ErrorKind::None);
        // The movement helper is translate + rotate around the skeleton position, scaled.
        Player helper(rig), by_hand(rig);
        helper.skeleton.physics_move(40.0f, -25.0f, 30.0f, 0.5f, 0.25f, 0.75f);
        by_hand.skeleton.physics_translate(20.0f, -6.25f);
        by_hand.skeleton.physics_rotate(by_hand.skeleton.position().first, by_hand.skeleton.position().second, 22.5f);
        for (int f = 0; f < 5; ++f) {
            helper.frame(1.0 / 60.0);
            by_hand.frame(1.0 / 60.0);
        }
        for (std::uint32_t b = 0; b < bones; ++b) {
            const sn::BoneWorld x = helper.skeleton.bone_world(b), y = by_hand.skeleton.bone_world(b);
            EXPECT(x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d && x.world_x == y.world_x &&
                   x.world_y == y.world_y);
        }
        EXPECT_THROWS(helper.skeleton.physics_move(NAN, 0.0f, 0.0f), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run(rig.name + "/skeleton_setters_and_data_records", [&] {
        Player p(rig);
        const auto bones = p.data.count(sn::Item::Bone), slots = p.data.count(sn::Item::Slot);
        EXPECT(p.data.bone(0).parent == -1 && p.data.bone(0).name == p.data.name(sn::Item::Bone, 0));
        for (std::uint32_t b = 1; b < bones; ++b) EXPECT(p.data.bone(b).parent >= 0 && p.data.bone(b).parent < std::int32_t(b));
        for (std::uint32_t s = 0; s < slots; ++s) EXPECT(p.data.slot(s).bone < bones);
        EXPECT(p.data.info().version.substr(0, 2) == "4.");
        const sn::BoneLocal setup = p.data.bone_setup(0);
        EXPECT_EQ(p.skeleton.bone_local(0).rotation, setup.rotation);
        sn::BoneLocal moved = setup;
        moved.x += 12.5f;
        p.skeleton.set_bone_local(0, moved);
        EXPECT_EQ(p.skeleton.bone_local(0).x, moved.x);
        p.skeleton.set_color(sn::Color{1.0f, 0.5f, 0.25f, 0.75f});
        EXPECT(p.skeleton.color().g == 0.5f && p.skeleton.color().a == 0.75f);
        p.skeleton.set_y_down(true);
        EXPECT(p.skeleton.y_down());
        p.skeleton.set_wind(2.0f, 3.0f);
        EXPECT(p.skeleton.wind() == std::make_pair(2.0f, 3.0f));
        p.skeleton.set_gravity(0.0f, -5.0f);
        EXPECT(p.skeleton.gravity() == std::make_pair(0.0f, -5.0f));
        p.skeleton.set_time(4.5);
        EXPECT_EQ(p.skeleton.time(), 4.5);
        std::vector<std::uint32_t> order = p.skeleton.draw_order(sn::Pose::Animated);
        EXPECT_EQ(order.size(), std::size_t(slots));
        std::reverse(order.begin(), order.end());
        p.skeleton.set_draw_order(order, sn::Pose::Animated);
        EXPECT(p.skeleton.draw_order(sn::Pose::Animated) == order);
        p.skeleton.update_world_transform(sn::Physics::Update);
        const auto world = p.skeleton.local_to_world(0, 1.0f, 2.0f);
        const auto local = p.skeleton.world_to_local(0, world.first, world.second);
        EXPECT(std::fabs(local.first - 1.0f) < 1e-3f && std::fabs(local.second - 2.0f) < 1e-3f);
        EXPECT(p.skeleton.bone_active(0));
        EXPECT(p.skeleton.bounds().has_value());
        EXPECT_THROWS(p.skeleton.set_draw_order(std::vector<std::uint32_t>{0}, sn::Pose::Animated),
                      sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT(std::string(sn::to_string(sn::Blend::Additive)) == "additive");
        EXPECT(std::string(sn::to_string(sn::ConstraintProperty::MixScaleY)) == "mixScaleY");
        EXPECT(std::string(sn::to_string(sn::EventType::Dispose)) == "dispose");
    });
    run(rig.name + "/bounding_box_hit_tests", [&] {
        Player p(rig);
        // The first bounding-box attachment and a slot that has it (placeholder = its name).
        std::optional<std::pair<std::uint32_t, std::string>> found;
        for (std::uint32_t id = 0; id < p.data.count(sn::Item::Attachment) && !found; ++id) {
            const sn::AttachmentInfo info = p.data.attachment(id);
            if (info.type != sn::AttachmentType::BoundingBox) continue;
            for (std::uint32_t slot = 0; slot < p.data.count(sn::Item::Slot) && !found; ++slot)
                if (p.skeleton.find_attachment(slot, std::string(info.name)) == id) found = std::make_pair(slot, std::string(info.name));
        }
        if (!found) return;  // the rig has none
        p.skeleton.set_attachment(found->first, found->second);
        p.skeleton.update_world_transform(sn::Physics::Update);
        sn::Bounds bounds = sn::Bounds::create();
        bounds.update(p.skeleton);
        EXPECT_EQ(bounds.count(), 1u);
        const sn::BoundingBox box = bounds.box(0);
        EXPECT_EQ(box.slot, found->first);
        float cx = 0, cy = 0;
        for (std::size_t i = 0; i < box.vertices.size(); i += 2) cx += box.vertices[i], cy += box.vertices[i + 1];
        cx /= static_cast<float>(box.vertices.size() / 2), cy /= static_cast<float>(box.vertices.size() / 2);
        EXPECT(bounds.contains_point(cx, cy) == found->first && bounds.aabb_contains_point(cx, cy));
        const sn::Rect aabb = bounds.aabb();
        const float far = std::max(aabb.width, aabb.height) * 10 + 1000;
        EXPECT(!bounds.contains_point(cx + far, cy) && !bounds.aabb_contains_point(cx + far, cy));
        EXPECT(bounds.intersects_segment(cx - far, cy, cx + far, cy) == found->first);
        EXPECT(bounds.aabb_intersects_segment(cx - far, cy, cx + far, cy));
        EXPECT(bounds.aabb_intersects(bounds));
        p.skeleton.set_attachment(found->first, std::nullopt);
        p.skeleton.update_world_transform(sn::Physics::Update);
        bounds.update(p.skeleton);
        EXPECT(bounds.count() == 0 && !bounds.contains_point(cx, cy));
    });
    run(rig.name + "/state_data_and_track_entry", [&] {
        Player p(rig);
        EXPECT_EQ(p.state_data.default_mix(), 0.0);
        p.state_data.set_default_mix(0.25);
        EXPECT_EQ(p.state_data.default_mix(), 0.25);
        const auto& names = rig.names.at("animation");
        p.state_data.set_mix(names.front(), names.back(), 0.5);
        EXPECT_EQ(p.state_data.mix(0, static_cast<std::int32_t>(names.size() - 1)), 0.5);
        EXPECT_EQ(p.state_data.mix(-1, 0), 0.25);
        EXPECT_THROWS(p.state_data.set_mix("no such animation", names.back(), 1.0), sn::Status::NotFound,
                      sn::ErrorKind::None);
        EXPECT_THROWS(p.state.set_animation(0, "no such animation", true), sn::Status::NotFound, sn::ErrorKind::None);
        EXPECT_THROWS(p.skeleton.set_skin("no such skin"), sn::Status::NotFound, sn::ErrorKind::None);
        EXPECT(!p.state.current(0));
        sn::TrackEntry entry = p.state.set_animation(0, names.front(), false);
        sn::TrackEntry queued = p.state.add_animation(0, names.back(), true, 0.5);
        EXPECT(p.state.current(0).raw().entry == entry.raw().entry);
        EXPECT_EQ(queued.get(SPN_ENTRY_DELAY), 0.5);
        EXPECT_EQ(entry.alpha(), 1.0);
        entry.set_alpha(0.5);
        EXPECT_EQ(entry.alpha(), 0.5);
        entry.set_time_scale(2.0);
        EXPECT_EQ(entry.time_scale(), 2.0);
        p.state.set_time_scale(0.5);
        EXPECT_EQ(p.state.time_scale(), 0.5);
        p.state.update(0.1);  // 0.1 * 0.5 (state) * 2 (entry)
        EXPECT(std::fabs(entry.track_time() - 0.1) < 1e-9);
        entry.set_track_time(0.0);
        EXPECT_EQ(entry.track_time(), 0.0);
        EXPECT_THROWS(entry.set(SPN_ENTRY_TRACK_INDEX, 1.0), sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(entry.set_alpha(NAN), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run(rig.name + "/stale_track_entry_after_state_destroyed", [&] {
        Player p(rig);
        const sn::TrackEntry entry = p.state.set_animation(0, walk_or_first(rig), true);
        EXPECT_EQ(entry.alpha(), 1.0);
        p.state.reset();
        EXPECT(!p.state);
        EXPECT_THROWS(entry.alpha(), sn::Status::StaleHandle, sn::ErrorKind::None);
        EXPECT_THROWS(sn::TrackEntry(entry).set_track_time(1.0), sn::Status::StaleHandle, sn::ErrorKind::None);
        EXPECT_THROWS(p.state.update(0.1), sn::Status::NullArgument, sn::ErrorKind::None);
    });
    run(rig.name + "/moved_from_instances_report_null_argument", [&] {
        Player p(rig);
        sn::Skeleton moved = std::move(p.skeleton);
        sn::Renderer renderer = std::move(p.renderer);
        EXPECT(moved && !p.skeleton && !p.renderer);
        EXPECT_THROWS(p.skeleton.update(0.1), sn::Status::NullArgument, sn::ErrorKind::None);  // NOLINT
        EXPECT_THROWS(p.renderer.render(moved), sn::Status::NullArgument, sn::ErrorKind::None);  // NOLINT
        moved.update_world_transform();
        EXPECT(renderer.render(moved).vertex_count > 0);
    });
    run(rig.name + "/slot_world_vertices", [&] {
        // World vertices (ABI 1.4) of what each slot shows: as many as the attachment's
        // geometry says, the same through the vector and the buffer call.
        Player p(rig);
        p.state.set_animation(0, walk_or_first(rig), true);
        p.frame(0.25);
        std::vector<float> buffer(4096);
        std::size_t shown = 0;
        for (std::uint32_t s = 0; s < rig.counts.at("slot"); ++s) {
            const auto id = p.skeleton.slot_attachment(s);
            const auto vertices = p.skeleton.slot_world_vertices(s);
            if (id < 0) {
                EXPECT(vertices.empty());
                continue;
            }
            ++shown;
            EXPECT_EQ(vertices.size(), p.data.attachment_geometry(static_cast<std::uint32_t>(id)).vertex_count * 2);
            const auto count = p.skeleton.slot_world_vertices(s, buffer.data(), static_cast<std::uint32_t>(buffer.size()));
            EXPECT(count == vertices.size() && std::equal(vertices.begin(), vertices.end(), buffer.begin()));
        }
        EXPECT(shown > 0);
        EXPECT_THROWS(p.skeleton.slot_world_vertices(rig.counts.at("slot")), sn::Status::OutOfRange,
                      sn::ErrorKind::None);
        // Clipped skeleton bounds (ABI 1.4) lie inside the unclipped ones.
        sn::Bounds bounds = sn::Bounds::create();
        const auto clipped = bounds.skeleton_clipped(p.skeleton);
        const auto unclipped = p.skeleton.bounds();
        EXPECT(!clipped || unclipped);
        if (clipped && unclipped) {
            const float e = 1e-3f * (1.0f + unclipped->width + unclipped->height);
            EXPECT(clipped->x >= unclipped->x - e && clipped->y >= unclipped->y - e);
            EXPECT(clipped->x + clipped->width <= unclipped->x + unclipped->width + e);
            EXPECT(clipped->y + clipped->height <= unclipped->y + unclipped->height + e);
        }
    });
    const std::string anim = event_animation(rig);
    if (anim.empty()) return;
    run(rig.name + "/polled_events_" + anim, [&] {
        Player p(rig);
        p.state.set_animation(0, anim, true);
        const auto& anims = rig.names.at("animation");
        double duration = 0;
        for (std::size_t i = 0; i < anims.size(); ++i)
            if (anims[i] == anim) duration = rig.durations.at(i);
        const int frames = static_cast<int>(std::ceil(duration / dt)) + 2;
        std::vector<sn::Event> all;
        for (int i = 0; i < frames; ++i) {
            p.frame(dt);
            for (const auto e : p.state.events()) all.push_back(sn::Event::from(e));
        }
        EXPECT(!all.empty());
        EXPECT(all.front().type == sn::EventType::Start && all.front().track == 0);
        const auto& event_names = rig.names.at("event");
        bool fired = false, completed = false;
        for (const auto& e : all) {
            EXPECT_EQ(e.animation, static_cast<std::int32_t>(
                                       std::find(anims.begin(), anims.end(), anim) - anims.begin()));
            if (e.type == sn::EventType::Complete) completed = true;
            if (e.type != sn::EventType::Event) {
                EXPECT(e.name.empty() && e.event == -1);
                continue;
            }
            fired = true;
            EXPECT(e.event >= 0 && static_cast<std::size_t>(e.event) < event_names.size());
            EXPECT_EQ(e.name, event_names[static_cast<std::size_t>(e.event)]);
            EXPECT(e.time >= 0.0f && e.time <= duration + 1e-3);
        }
        EXPECT(fired);
        EXPECT(completed);
        EXPECT(p.state.events().empty());
        // The animation's event keys (ABI 1.3) are what one pass through it fires, in order.
        const auto index = static_cast<std::uint32_t>(std::find(anims.begin(), anims.end(), anim) - anims.begin());
        const auto keys = p.data.animation_event_keys(index);
        std::vector<sn::Event> fired_events;
        for (const auto& e : all)
            if (e.type == sn::EventType::Event) fired_events.push_back(e);
        EXPECT(!keys.empty() && fired_events.size() >= keys.size());
        for (std::size_t i = 0; i < keys.size() && i < fired_events.size(); ++i) {
            EXPECT_EQ(fired_events[i].event, static_cast<std::int32_t>(keys[i].event));
            EXPECT(fired_events[i].time == keys[i].time && fired_events[i].int_value == keys[i].int_value);
            EXPECT(fired_events[i].string_value == keys[i].string_value);
        }
        // What it keys: ascending bone indices in range.
        const auto bones = p.data.animation_keyed(index, sn::Item::Bone);
        for (std::size_t i = 0; i < bones.size(); ++i)
            EXPECT(bones[i] < rig.counts.at("bone") && (i == 0 || bones[i] > bones[i - 1]));
        EXPECT_THROWS(p.data.animation_keyed(index, sn::Item::Skin), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
}

std::uint32_t swap_red_blue(std::uint32_t c) { return (c & 0xFF00FF00u) | ((c >> 16) & 0xFFu) | ((c & 0xFFu) << 16); }

// GPU output conventions (ABI 1.8): whole-buffer indices, RGBA byte order, per-page
// premultiplied alpha and the separator slot each range ends at, against the default
// render of the same pose.
void conventions_tests(const Rig& rig) {
    run(rig.name + "/gpu_output_conventions", [&] {
        bool atlas_pma = true;
        {
            auto atlas = sn::Atlas::load_file(rig.atlas);
            for (const auto& page : atlas.pages()) atlas_pma = atlas_pma && page.pma;
        }
        Player p(rig);
        p.state.set_animation(0, walk_or_first(rig), true);
        for (int i = 0; i < 10; ++i) p.frame(0.1);
        spn_render_options o{};
        auto plain = sn::Renderer::create(o);
        o.absolute_indices = 1;
        auto whole = sn::Renderer::create(o);
        o = spn_render_options{};
        o.color_order = SPN_COLOR_RGBA_BYTES;
        auto rgba = sn::Renderer::create(o);
        o = spn_render_options{};
        o.premultiplied_alpha = atlas_pma ? 1 : 0;
        auto expected_pma = sn::Renderer::create(o);
        o.premultiplied_alpha = atlas_pma ? 0 : 1;
        o.pma_per_page = 1;
        auto per_page = sn::Renderer::create(o);
        EXPECT(whole.options().absolute_indices == 1 && rgba.options().color_order == SPN_COLOR_RGBA_BYTES);
        EXPECT(per_page.options().pma_per_page == 1);
        const auto a = plain.render(p.skeleton);
        const std::vector<std::uint16_t> rel(a.indices16.begin(), a.indices16.end());
        const std::vector<std::uint32_t> colors(a.colors.begin(), a.colors.end());
        const std::vector<sn::DrawRange> ranges(a.ranges.begin(), a.ranges.end());
        EXPECT(!a.absolute_indices);
        const auto b = whole.render(p.skeleton);
        EXPECT(b.absolute_indices && b.index_size == 2 && b.indices16.size() == rel.size());
        for (const auto& r : ranges)
            for (std::uint32_t k = r.first_index; k < r.first_index + r.index_count; ++k)
                EXPECT_EQ(std::uint32_t(b.indices16[k]), rel[k] + r.first_vertex);
        const auto c = rgba.render(p.skeleton);
        EXPECT_EQ(c.colors.size(), colors.size());
        for (std::size_t v = 0; v < colors.size(); ++v) EXPECT_EQ(c.colors[v], swap_red_blue(colors[v]));
        for (std::size_t r = 0; r < ranges.size(); ++r) EXPECT_EQ(c.ranges[r].color, swap_red_blue(ranges[r].color));
        const auto e = expected_pma.render(p.skeleton);
        const std::vector<std::uint32_t> e_colors(e.colors.begin(), e.colors.end());
        const auto g = per_page.render(p.skeleton);
        EXPECT(std::vector<std::uint32_t>(g.colors.begin(), g.colors.end()) == e_colors);
        o = spn_render_options{};
        o.color_order = 2;
        EXPECT_THROWS(sn::Renderer::create(o), sn::Status::InvalidArgument, sn::ErrorKind::None);
        const auto order = p.skeleton.draw_order();
        std::vector<std::uint32_t> separators;
        for (std::size_t i = 1; i < order.size(); i += 3) separators.push_back(order[i]);
        plain.set_separator_slots(separators);
        const auto s = plain.render(p.skeleton);
        EXPECT_EQ(s.range_separators.size(), s.ranges.size());
        bool any = false;
        for (std::size_t r = 0; r < s.ranges.size(); ++r) {
            const std::uint32_t end =
                r + 1 < s.ranges.size() ? s.range_infos[r + 1].first_draw : static_cast<std::uint32_t>(order.size());
            std::uint32_t expected = SPN_NO_SEPARATOR;
            for (std::uint32_t q = s.range_infos[r].last_draw; q < end && expected == SPN_NO_SEPARATOR; ++q)
                if (std::find(separators.begin(), separators.end(), order[q]) != separators.end()) expected = order[q];
            EXPECT_EQ(s.range_separators[r], expected);
            any = any || expected != SPN_NO_SEPARATOR;
        }
        EXPECT(any);
    });
}

// Data skin entries and stable crowd member ids (ABI 1.8): a data skin's entries are those
// of a runtime skin made from it alone; an id names its member through other removals.
void data_skin_and_crowd_id_tests(const Rig& rig) {
    run(rig.name + "/data_skin_entries_and_stable_crowd_ids", [&] {
        Player p(rig);
        const std::uint32_t skins = p.data.count(sn::Item::Skin);
        std::size_t total = 0;
        for (std::uint32_t s = 0; s < skins; ++s) {
            const auto own = p.data.skin_entries(s);
            auto skin = sn::Skin::create(p.data, "alone");
            skin.add_data_skin(s);
            const auto via = skin.entries();
            EXPECT_EQ(own.size(), via.size());
            for (std::size_t i = 0; i < own.size() && i < via.size(); ++i)
                EXPECT(own[i].slot == via[i].slot && own[i].attachment == via[i].attachment &&
                       std::string(own[i].name) == via[i].name);
            total += own.size();
        }
        EXPECT(total > 0);
        EXPECT_THROWS(p.data.skin_entries(skins), sn::Status::OutOfRange, sn::ErrorKind::None);
        // The data's own atlas (ABI 1.8): alive after the load's handle is gone, shared ids.
        auto own_atlas = p.data.atlas();
        EXPECT(own_atlas.page_count() > 0);
        own_atlas.set_page_texture(0, 4321);
        EXPECT_EQ(p.data.atlas().page_texture(0), std::uint64_t(4321));
        auto crowd = sn::Crowd::create(1);
        auto a = sn::Skeleton::create(p.data);
        auto b = sn::Skeleton::create(p.data);
        auto c = sn::Skeleton::create(p.data);
        const std::uint32_t ia = crowd.add_member(a), ib = crowd.add_member(b);
        crowd.add(c);
        const std::uint32_t ic = crowd.member_id(2);
        EXPECT(ia != 0 && ia < ib && ib < ic);
        crowd.remove_member(ia);
        EXPECT_EQ(crowd.count(), 2u);
        EXPECT_EQ(crowd.index_of(ib), 0u);
        EXPECT_EQ(crowd.index_of(ic), 1u);
        EXPECT_EQ(crowd.member_id(0), ib);
        EXPECT_THROWS(crowd.index_of(ia), sn::Status::NotFound, sn::ErrorKind::None);
        EXPECT_THROWS(crowd.remove_member(ia), sn::Status::NotFound, sn::ErrorKind::None);
        EXPECT(crowd.add_member(a) > ic);
    });
}

// Render separation (ABI 1.4): separator slots split ranges, not vertices; the spans between
// them rendered alone concatenate to the separated render; the slot stream names each
// vertex's slot.
void separation_tests(const Rig& rig) {
    run(rig.name + "/separated_spans_concatenate_to_the_separated_render", [&] {
        Player p(rig);
        p.state.set_animation(0, walk_or_first(rig), true);
        for (int i = 0; i < 10; ++i) p.frame(0.1);
        spn_render_options options{};
        options.slot_indices = 1;
        auto plain = sn::Renderer::create(options);
        auto separated = sn::Renderer::create(options);
        EXPECT(separated.options().slot_indices == 1);
        const auto order = p.skeleton.draw_order();
        std::vector<std::uint32_t> separators;
        for (std::size_t i = 1; i < order.size(); i += 3) separators.push_back(order[i]);
        separated.set_separator_slots(separators);
        auto is_separator = [&](std::uint32_t slot) {
            return std::find(separators.begin(), separators.end(), slot) != separators.end();
        };
        // Absolute indices and the vertices' positions and slots of a render.
        auto flat = [](const sn::RenderOutput& o, std::vector<std::uint32_t>& indices, std::vector<float>& xy,
                       std::vector<std::uint32_t>& slots) {
            for (const auto& r : o.ranges)
                for (std::uint32_t k = r.first_index; k < r.first_index + r.index_count; ++k)
                    indices.push_back(static_cast<std::uint32_t>(xy.size() / 2) + r.first_vertex + o.indices16[k]);
            xy.insert(xy.end(), o.positions.begin(), o.positions.end());
            slots.insert(slots.end(), o.slots.begin(), o.slots.end());
        };
        std::vector<std::uint32_t> whole_i, whole_s, split_i, split_s, parts_i, parts_s;
        std::vector<float> whole_xy, split_xy, parts_xy;
        flat(plain.render(p.skeleton), whole_i, whole_xy, whole_s);
        const auto split = separated.render(p.skeleton);
        flat(split, split_i, split_xy, split_s);
        EXPECT(!whole_xy.empty() && whole_xy == split_xy && whole_i == split_i && whole_s == split_s);
        EXPECT_EQ(split.range_infos.size(), split.ranges.size());
        for (const auto& info : split.range_infos) {
            EXPECT(order[info.first_draw] == info.first_slot && order[info.last_draw] == info.last_slot);
            for (std::uint32_t q = info.first_draw; q < info.last_draw; ++q) EXPECT(!is_separator(order[q]));
        }
        std::uint32_t start = 0;
        for (std::uint32_t q = 0; q < order.size(); ++q) {
            if (is_separator(order[q]) || q + 1 == order.size()) {
                flat(separated.render_slots(p.skeleton, start, q), parts_i, parts_xy, parts_s);
                start = q + 1;
            }
        }
        EXPECT(parts_xy == split_xy && parts_i == split_i && parts_s == split_s);
        // The first vertex's slot rendered alone: exactly its vertices.
        const std::uint32_t slot = whole_s.at(0);
        const auto at = static_cast<std::uint32_t>(std::find(order.begin(), order.end(), slot) - order.begin());
        std::vector<std::uint32_t> alone_i, alone_s;
        std::vector<float> alone_xy, mine;
        flat(plain.render_slots(p.skeleton, at, at), alone_i, alone_xy, alone_s);
        for (std::size_t v = 0; v < whole_s.size(); ++v)
            if (whole_s[v] == slot) mine.insert(mine.end(), {whole_xy[v * 2], whole_xy[v * 2 + 1]});
        EXPECT(!mine.empty() && mine == alone_xy);
        separated.set_separator_slots({});
        EXPECT_EQ(separated.render(p.skeleton).ranges.size(), plain.render(p.skeleton).ranges.size());
        EXPECT_THROWS(plain.render_slots(p.skeleton, 0, static_cast<std::uint32_t>(order.size())),
                      sn::Status::OutOfRange, sn::ErrorKind::None);
    });
}

// Atlas page textures (ABI 1.4): page details agree with the page info; texture ids from the
// loader and the setter show in the draw ranges.
// GPU skinning (ABI 1.9): the shader of spn_gpu_vertex applied here gives the CPU render.
void gpu_tests(const Rig& rig) {
    run(rig.name + "/gpu_render_with_the_shader_is_the_cpu_render", [&] {
        auto atlas = sn::Atlas::load_file(rig.atlas);
        auto data = sn::SkeletonData::load_file(rig.skel, atlas);
        auto skeleton = sn::Skeleton::create(data);
        if (data.find(sn::Item::Skin, "default")) skeleton.set_skin("default");
        skeleton.setup_pose();
        auto state_data = sn::AnimationStateData::create(data);
        auto state = sn::AnimationState::create(state_data);
        state.set_animation(0, std::uint32_t(0), true);
        auto renderer = sn::Renderer::create();
        const sn::GpuStreams streams = data.gpu_streams();
        EXPECT(streams.eligible_attachments > 0 && !streams.vertices.empty());
        EXPECT(data.gpu_streams().vertices.data() == streams.vertices.data());
        std::uint32_t on_gpu = 0;
        for (int frame = 0; frame < 30; ++frame) {
            state.update(1.0 / 30.0);
            state.apply(skeleton);
            skeleton.update(1.0 / 30.0);
            skeleton.update_world_transform(sn::Physics::Update);
            const sn::RenderOutput cpu = renderer.render(skeleton);
            const std::vector<float> positions(cpu.positions.begin(), cpu.positions.end());
            const std::vector<std::uint32_t> colors(cpu.colors.begin(), cpu.colors.end());
            const sn::GpuFrame gpu = renderer.render_gpu(skeleton);
            std::size_t vertex = 0;
            for (const spn_gpu_draw& d : gpu.draws) {
                for (std::uint32_t k = 0; k < d.vertex_count; ++k, ++vertex) {
                    float x = 0, y = 0;
                    if (d.block == SPN_NO_BLOCK) {
                        x = gpu.cpu_positions[2 * (d.first_vertex + k)];
                        y = gpu.cpu_positions[2 * (d.first_vertex + k) + 1];
                    } else {
                        const spn_gpu_vertex& v = streams.vertices[d.first_vertex + k];
                        for (int i = 0; i < 4; ++i) {
                            const float* e = gpu.palette.data() + 6 * v.bones[i];
                            const float lx = v.positions[2 * i], ly = v.positions[2 * i + 1];
                            const float p = lx * e[0] + ly * e[2] + e[4];
                            const float q = lx * e[1] + ly * e[3] + e[5];
                            x = x + p * v.weights[i];
                            y = y + q * v.weights[i];
                        }
                    }
                    EXPECT(vertex < colors.size() && x == positions[2 * vertex] && y == positions[2 * vertex + 1]);
                    EXPECT(vertex < colors.size() && d.color == colors[vertex]);
                }
            }
            EXPECT_EQ(vertex, colors.size());
            EXPECT_EQ(std::size_t(gpu.coverage.gpu_vertices + gpu.coverage.cpu_vertices), vertex);
            on_gpu += gpu.coverage.gpu_vertices;
        }
        EXPECT(on_gpu > 0);
    });
}

void texture_tests(const Rig& rig) {
    run(rig.name + "/texture_ids_show_in_the_draw_ranges", [&] {
        const std::string text = read_file(rig.atlas);
        std::uint32_t calls = 0;
        auto atlas = sn::Atlas::load_with_textures(text, [&](std::uint32_t page, const spn_page_details& d) {
            EXPECT(page == calls++ && d.width > 0 && d.texture_id == 0);
            return std::uint64_t(1000 + page);
        });
        EXPECT_EQ(calls, atlas.page_count());
        for (std::uint32_t page = 0; page < atlas.page_count(); ++page) {
            const auto details = atlas.page_details(page);
            const auto info = atlas.page(page);
            EXPECT(details.width == info.width && details.height == info.height && (details.pma != 0) == info.pma);
            EXPECT(info.name == details.name && std::string(details.format).size() > 0);
            EXPECT_EQ(atlas.page_texture(page), std::uint64_t(1000 + page));
            EXPECT_EQ(details.texture_id, std::uint64_t(1000 + page));
        }
        auto data = sn::SkeletonData::load_file(rig.skel, atlas);
        auto skeleton = sn::Skeleton::create(data);
        if (data.find(sn::Item::Skin, "default")) skeleton.set_skin("default");
        skeleton.setup_pose();
        skeleton.update_world_transform(sn::Physics::Update);
        auto renderer = sn::Renderer::create();
        auto out = renderer.render(skeleton);
        for (std::size_t r = 0; r < out.ranges.size(); ++r)
            EXPECT_EQ(out.range_infos[r].texture_id, std::uint64_t(1000 + out.ranges[r].page));
        for (std::uint32_t page = 0; page < atlas.page_count(); ++page) atlas.set_page_texture(page, 77 + page);
        out = renderer.render(skeleton);
        for (std::size_t r = 0; r < out.ranges.size(); ++r)
            EXPECT_EQ(out.range_infos[r].texture_id, std::uint64_t(77 + out.ranges[r].page));
        EXPECT_THROWS(atlas.page_texture(atlas.page_count()), sn::Status::OutOfRange, sn::ErrorKind::None);
        // A loader's exception reaches the caller (the atlas is released).
        bool rethrown = false;
        try {
            sn::Atlas::load_with_textures(text, [](std::uint32_t, const spn_page_details&) -> std::uint64_t {
                throw std::runtime_error("loader failed");
            });
        } catch (const std::runtime_error& e) {
            rethrown = std::string(e.what()) == "loader failed";
        }
        EXPECT(rethrown);
        // The file loader (ABI 1.8) gets the atlas's folder; its exception reaches the caller.
        const std::string folder = rig.atlas.substr(0, rig.atlas.rfind('/'));
        std::uint32_t file_calls = 0;
        auto from_file = sn::Atlas::load_file_with_textures(
            rig.atlas, [&](std::string_view dir, std::uint32_t page, const spn_page_details& d) {
                EXPECT(dir == folder && page == file_calls++ && d.width > 0);
                return std::uint64_t(500 + page);
            });
        EXPECT_EQ(file_calls, from_file.page_count());
        for (std::uint32_t page = 0; page < from_file.page_count(); ++page)
            EXPECT_EQ(from_file.page_texture(page), std::uint64_t(500 + page));
        rethrown = false;
        try {
            sn::Atlas::load_file_with_textures(rig.atlas, [](std::string_view, std::uint32_t, const spn_page_details&)
                                                              -> std::uint64_t { throw std::runtime_error("no image"); });
        } catch (const std::runtime_error& e) {
            rethrown = std::string(e.what()) == "no image";
        }
        EXPECT(rethrown);
        EXPECT_THROWS(sn::Atlas::load_file_with_textures("/no/such.atlas",
                                                         [](std::string_view, std::uint32_t, const spn_page_details&) {
                                                             return std::uint64_t(1);
                                                         }),
                      sn::Status::Io, sn::ErrorKind::Io);
    });
}

// Runtime skin entries (ABI 1.4): enumerate, rebuild, copy, remove, clear.
void skin_entry_tests(const Rig& rig) {
    run(rig.name + "/skin_entries_round_trip", [&] {
        const auto atlas = sn::Atlas::load_file(rig.atlas);
        const auto data = sn::SkeletonData::load_file(rig.skel, atlas);
        auto skin = sn::Skin::create(data, "all");
        auto rebuilt = sn::Skin::create(data, "rebuilt");
        for (std::uint32_t i = 0; i < data.count(sn::Item::Skin); ++i) skin.add_data_skin(i);
        const auto entries = skin.entries();
        EXPECT(!entries.empty() && entries.size() == skin.attachment_count());
        for (const auto& e : entries) rebuilt.set_attachment(e.slot, e.name, e.attachment);
        const auto again = rebuilt.entries();
        EXPECT_EQ(again.size(), entries.size());
        for (std::size_t i = 0; i < again.size(); ++i)
            EXPECT(again[i].slot == entries[i].slot && again[i].attachment == entries[i].attachment &&
                   std::string(again[i].name) == entries[i].name);
        auto copy = skin.copy();
        EXPECT(copy.name() == "all");
        copy.remove_attachment(entries[0].slot, entries[0].name);
        EXPECT_EQ(copy.entries().size(), entries.size() - 1);
        EXPECT_EQ(skin.entries().size(), entries.size());
        EXPECT_THROWS(copy.remove_attachment(entries[0].slot, entries[0].name), sn::Status::NotFound, sn::ErrorKind::None);
        copy.clear();
        EXPECT_EQ(copy.attachment_count(), 0u);
    });
}

// Runtime attachments (ABI 1.6): a region made from the atlas region a setup region
// attachment shows, with its placement, renders exactly as the data's attachment; a mesh
// cloned with another region keeps its positions and takes that region's UVs; misuse.
void runtime_attachment_tests(const Rig& rig) {
    run(rig.name + "/runtime_region_attachment_renders_as_the_data_one", [&] {
        const auto atlas = sn::Atlas::load_file(rig.atlas);
        const auto data = sn::SkeletonData::load_file(rig.skel, atlas);
        const auto default_skin = data.default_skin();
        EXPECT(default_skin.has_value());
        EXPECT(sn::abi_version() >= 0x10006u);
        EXPECT(SPN_ABI_VERSION == 0x10009u);
        // Vertices (x, y, u, v) of every slot of a setup-pose render with `skin`, and the
        // skeleton (for its slot attachments).
        spn_render_options options{};
        options.slot_indices = 1;
        auto renderer = sn::Renderer::create(options);
        struct Frame {
            std::vector<float> xy, uv;
            std::vector<std::uint32_t> slots;
            std::vector<float> of(std::uint32_t slot, bool uvs) const {
                std::vector<float> out;
                for (std::size_t v = 0; v < slots.size(); ++v)
                    if (slots[v] == slot) out.insert(out.end(), {(uvs ? uv : xy)[v * 2], (uvs ? uv : xy)[v * 2 + 1]});
                return out;
            }
        };
        auto render = [&](const sn::Skin& skin, sn::Skeleton& skeleton) {
            skeleton.set_skin(skin);
            skeleton.setup_pose();
            skeleton.update_world_transform(sn::Physics::Update);
            const auto o = renderer.render(skeleton);
            return Frame{std::vector<float>(o.positions.begin(), o.positions.end()),
                         std::vector<float>(o.uvs.begin(), o.uvs.end()),
                         std::vector<std::uint32_t>(o.slots.begin(), o.slots.end())};
        };
        auto near = [](const std::vector<float>& a, const std::vector<float>& b) {
            if (a.size() != b.size()) return false;
            for (std::size_t i = 0; i < a.size(); ++i)
                if (std::fabs(a[i] - b[i]) > 1e-5f) return false;
            return true;
        };
        auto base_skin = sn::Skin::create(data, "base");
        base_skin.add_data_skin(*default_skin);
        auto base_skeleton = sn::Skeleton::create(data);
        const Frame base = render(base_skin, base_skeleton);
        EXPECT(!base.xy.empty() && base.slots.size() * 2 == base.xy.size());

        // The first slot showing a region attachment, and one showing a mesh.
        std::optional<std::uint32_t> region_slot, mesh_slot;
        for (std::uint32_t s = 0; s < data.count(sn::Item::Slot); ++s) {
            const std::int32_t id = base_skeleton.slot_attachment(s);
            if (id < 0 || base.of(s, false).empty()) continue;
            const auto g = data.attachment_geometry(static_cast<std::uint32_t>(id));
            if (g.region < 0) continue;
            if (!region_slot && g.kind == SPN_ATTACHMENT_REGION) region_slot = s;
            if (!mesh_slot && g.kind == SPN_ATTACHMENT_MESH) mesh_slot = s;
        }
        EXPECT(region_slot && mesh_slot);

        const std::uint32_t slot = *region_slot;
        const std::string placeholder(*data.slot(slot).attachment);
        const auto data_id = static_cast<std::uint32_t>(base_skeleton.slot_attachment(slot));
        const auto g = data.attachment_geometry(data_id);
        const auto region = atlas.find_region(std::string(g.region_name));
        EXPECT(region && *region == static_cast<std::uint32_t>(g.region));
        const auto placement =
            sn::region_placement(g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width, g.height, g.color);
        EXPECT_EQ(placement.size, std::uint32_t(sizeof(spn_region_placement)));
        auto skin = sn::Skin::create(data, "runtime");
        skin.add_data_skin(*default_skin);
        const std::uint32_t count = skin.attachment_count();
        const std::uint32_t id = skin.create_region_attachment(slot, placeholder, atlas, *region, &placement);
        EXPECT(sn::is_runtime_attachment(id) && (id & SPN_RUNTIME_ATTACHMENT_BIT) != 0);
        EXPECT(!sn::is_runtime_attachment(data_id) && !sn::is_runtime_attachment(std::int32_t(-1)));
        EXPECT_EQ(skin.attachment_count(), count);  // replaced the entry under the placeholder
        bool stored = false;
        for (const auto& e : skin.entries()) stored |= e.slot == slot && e.attachment == id && placeholder == e.name;
        EXPECT(stored);
        auto skeleton = sn::Skeleton::create(data);
        const Frame made = render(skin, skeleton);
        const std::int32_t shown = skeleton.slot_attachment(slot);
        EXPECT(shown < -1 && sn::is_runtime_attachment(shown));
        EXPECT_EQ(static_cast<std::uint32_t>(shown), id);
        EXPECT_EQ(skeleton.find_attachment(slot, placeholder).value_or(0), id);
        EXPECT(!made.of(slot, false).empty());
        EXPECT(near(made.of(slot, false), base.of(slot, false)) && near(made.of(slot, true), base.of(slot, true)));
        EXPECT(near(made.xy, base.xy) && near(made.uv, base.uv) && made.slots == base.slots);
        // By id: the skin takes its own runtime id, the skeleton one of its skin's.
        skin.set_attachment(slot, placeholder, id);
        skeleton.set_slot_attachment(slot, -1);
        EXPECT_EQ(skeleton.slot_attachment(slot, sn::Pose::Animated), -1);
        skeleton.set_slot_attachment(slot, static_cast<std::int32_t>(id));
        EXPECT_EQ(static_cast<std::uint32_t>(skeleton.slot_attachment(slot, sn::Pose::Animated)), id);
        // A null placement: the region's original size at the bone's origin.
        const std::uint32_t plain = skin.create_region_attachment(slot, placeholder, atlas, *region);
        EXPECT(sn::is_runtime_attachment(plain) && plain != id);

        // A page rectangle: the region's own UV box.
        const auto info = atlas.region(*region).info;
        const std::uint32_t uv_id = skin.create_region_attachment_uv(slot, placeholder, info.page, info.u, info.v,
                                                                     info.u2, info.v2, placement);
        EXPECT(sn::is_runtime_attachment(uv_id));
        const Frame boxed = render(skin, skeleton);
        EXPECT_EQ(static_cast<std::uint32_t>(skeleton.slot_attachment(slot)), uv_id);
        const auto uvs = boxed.of(slot, true);
        EXPECT_EQ(uvs.size(), std::size_t(8));
        for (std::size_t k = 0; k < uvs.size(); k += 2) {
            EXPECT(std::fabs(uvs[k] - info.u) < 1e-6f || std::fabs(uvs[k] - info.u2) < 1e-6f);
            EXPECT(std::fabs(uvs[k + 1] - info.v) < 1e-6f || std::fabs(uvs[k + 1] - info.v2) < 1e-6f);
        }

        // A mesh cloned with another region: same positions, UVs inside the new region.
        const std::uint32_t mslot = *mesh_slot;
        const std::string mesh_placeholder(*data.slot(mslot).attachment);
        const auto mesh_id = static_cast<std::uint32_t>(base_skeleton.slot_attachment(mslot));
        const auto mesh = data.attachment_geometry(mesh_id);
        const std::uint32_t other = mesh.region == 0 ? 1u : 0u;
        const auto target = atlas.region(other).info;
        auto cloned = sn::Skin::create(data, "cloned");
        cloned.add_data_skin(*default_skin);
        const std::uint32_t clone = cloned.clone_attachment(mslot, mesh_placeholder, mesh_id, atlas, other);
        EXPECT(sn::is_runtime_attachment(clone));
        const Frame recolored = render(cloned, skeleton);
        EXPECT_EQ(static_cast<std::uint32_t>(skeleton.slot_attachment(mslot)), clone);
        EXPECT(near(recolored.of(mslot, false), base.of(mslot, false)));
        const auto mesh_uvs = recolored.of(mslot, true);
        EXPECT(!mesh_uvs.empty() && mesh_uvs != base.of(mslot, true));
        const float u0 = std::min(target.u, target.u2), u1 = std::max(target.u, target.u2);
        const float v0 = std::min(target.v, target.v2), v1 = std::max(target.v, target.v2);
        for (std::size_t k = 0; k < mesh_uvs.size(); k += 2)
            EXPECT(mesh_uvs[k] >= u0 - 1e-6f && mesh_uvs[k] <= u1 + 1e-6f && mesh_uvs[k + 1] >= v0 - 1e-6f &&
                   mesh_uvs[k + 1] <= v1 + 1e-6f);
        // A clone of a runtime attachment the skin holds.
        const std::uint32_t again = cloned.clone_attachment(mslot, mesh_placeholder, clone, atlas, mesh.region);
        EXPECT(sn::is_runtime_attachment(again) && again != clone);
        EXPECT(near(render(cloned, skeleton).of(mslot, true), base.of(mslot, true)));

        // Misuse.
        const auto second = sn::Atlas::load_file(rig.atlas);
        EXPECT_THROWS(skin.create_region_attachment(slot, placeholder, second, *region), sn::Status::InvalidArgument,
                      sn::ErrorKind::None);
        EXPECT_THROWS(skin.clone_attachment(mslot, mesh_placeholder, mesh_id, second, other),
                      sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(skin.create_region_attachment(slot, placeholder, atlas, atlas.region_count()),
                      sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(skin.create_region_attachment(data.count(sn::Item::Slot), placeholder, atlas, *region),
                      sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(skin.create_region_attachment(slot, "no such placeholder", atlas, *region),
                      sn::Status::NotFound, sn::ErrorKind::None);
        EXPECT_THROWS(skin.create_region_attachment_uv(slot, placeholder, info.page, 0, 0, 1, 1,
                                                       sn::region_placement(0, 0, 0, 1, 1, 0, 10)),
                      sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(skin.create_region_attachment_uv(slot, placeholder, atlas.page_count(), 0, 0, 1, 1, placement),
                      sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(skin.clone_attachment(mslot, mesh_placeholder, data.count(sn::Item::Attachment), atlas, other),
                      sn::Status::OutOfRange, sn::ErrorKind::None);
        std::optional<std::uint32_t> untextured;
        for (std::uint32_t a = 0; a < data.count(sn::Item::Attachment) && !untextured; ++a) {
            const auto type = data.attachment(a).type;
            if (type == sn::AttachmentType::BoundingBox || type == sn::AttachmentType::Point ||
                type == sn::AttachmentType::Path || type == sn::AttachmentType::Clipping)
                untextured = a;
        }
        if (untextured)
            EXPECT_THROWS(skin.clone_attachment(slot, placeholder, *untextured, atlas, *region),
                          sn::Status::InvalidArgument, sn::ErrorKind::None);
        // A runtime id another skin holds is not this skin's.
        EXPECT_THROWS(base_skin.set_attachment(slot, placeholder, id), sn::Status::OutOfRange, sn::ErrorKind::None);

        // ABI 1.9: the skin reports its runtime attachments as the data reports its own.
        const auto made_geometry = skin.attachment_geometry(uv_id);
        EXPECT(skin.attachment(uv_id).type == sn::AttachmentType::Region);
        EXPECT_EQ(skin.attachment(uv_id).skin, 0xFFFFFFFFu);
        EXPECT(skin.attachment(uv_id).name == placeholder);
        EXPECT(made_geometry.x == g.x && made_geometry.width == g.width && made_geometry.rotation == g.rotation);
        EXPECT(made_geometry.page == std::int32_t(info.page) && made_geometry.region == -1);
        const auto rect = skin.attachment_floats(uv_id, sn::AttachmentArray::TextureUvs);
        EXPECT(rect.size() == 8 && rect[0] == info.u && rect[1] == info.v2 && rect[4] == info.u2 && rect[5] == info.v);
        EXPECT(skin.attachment_geometry(data_id).path == data.attachment_geometry(data_id).path);
        const auto clone_geometry = cloned.attachment_geometry(again);
        EXPECT_EQ(clone_geometry.region, mesh.region);
        EXPECT(cloned.attachment_indices(again, sn::AttachmentArray::Triangles) ==
               data.attachment_indices(mesh_id, sn::AttachmentArray::Triangles));
        EXPECT(cloned.attachment_floats(again, sn::AttachmentArray::TextureUvs) ==
               data.attachment_floats(mesh_id, sn::AttachmentArray::TextureUvs));
        EXPECT_THROWS(base_skin.attachment(uv_id), sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(data.attachment_geometry(uv_id), sn::Status::OutOfRange, sn::ErrorKind::None);

        // ABI 1.9: a new socket, refused until its name is added to the data.
        EXPECT_THROWS(skin.create_region_attachment(slot, "cpp socket", atlas, *region, &placement),
                      sn::Status::NotFound, sn::ErrorKind::None);
        data.add_placeholder("cpp socket").add_placeholder("cpp socket");
        const std::uint32_t socket = skin.create_region_attachment(slot, "cpp socket", atlas, *region, &placement);
        bool listed = false;
        for (const auto& e : skin.entries()) listed |= e.slot == slot && e.attachment == socket && std::string(e.name) == "cpp socket";
        EXPECT(listed);
        EXPECT(skin.attachment(socket).name == "cpp socket");
        auto socketed = sn::Skeleton::create(data);
        socketed.set_skin(skin);
        EXPECT_EQ(socketed.find_attachment(slot, "cpp socket").value_or(0), socket);
        socketed.set_attachment(slot, "cpp socket");
        EXPECT_EQ(static_cast<std::uint32_t>(socketed.slot_attachment(slot, sn::Pose::Animated)), socket);
        // The skeleton reports what it shows, also once the skin forgets it.
        skin.set_attachment(slot, "cpp socket", data_id);
        EXPECT_THROWS(skin.attachment(socket), sn::Status::OutOfRange, sn::ErrorKind::None);
        const auto worn = socketed.attachment_geometry(socket);
        EXPECT(worn.x == g.x && worn.width == g.width && worn.region == std::int32_t(*region));
        EXPECT(socketed.attachment(socket).name == "cpp socket" && socketed.attachment(socket).skin == 0xFFFFFFFFu);
        EXPECT(socketed.attachment_floats(socket, sn::AttachmentArray::TextureUvs) ==
               data.attachment_floats(data_id, sn::AttachmentArray::TextureUvs));
        EXPECT(socketed.attachment_indices(mesh_id, sn::AttachmentArray::Triangles) ==
               data.attachment_indices(mesh_id, sn::AttachmentArray::Triangles));
        EXPECT_THROWS(socketed.attachment_geometry(again), sn::Status::OutOfRange, sn::ErrorKind::None);
    });
}

}  // namespace

// ABI 1.4, `crowd` branch: direct animation apply.
void crowd_branch_tests(const Rig& rig) {
    run(rig.name + "/direct_apply_equals_the_state", [&] {
        // Direct apply at the state's track time, from the setup pose, is the state's pose.
        Player state(rig), direct(rig);
        const std::uint32_t animations = state.data.count(sn::Item::Animation);
        const std::uint32_t bones = state.data.count(sn::Item::Bone);
        EXPECT(animations > 0);
        for (std::uint32_t a = 0; a < animations; ++a) {
            state.skeleton.setup_pose();
            direct.skeleton.setup_pose();
            sn::AnimationState fresh = sn::AnimationState::create(state.state_data);
            fresh.set_animation(0, a, true);
            fresh.update(0.4);
            fresh.apply(state.skeleton);
            direct.skeleton.apply_animation(a, -1.0, 0.4, true);
            state.skeleton.update_world_transform(sn::Physics::Pose);
            direct.skeleton.update_world_transform(sn::Physics::Pose);
            for (std::uint32_t b = 0; b < bones; ++b) {
                const sn::BoneWorld x = state.skeleton.bone_world(b), y = direct.skeleton.bone_world(b);
                EXPECT(x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d && x.world_x == y.world_x &&
                       x.world_y == y.world_y);
            }
        }
        // Every event key fires over the whole animation; a capacity of 1 still counts all.
        for (std::uint32_t a = 0; a < animations; ++a) {
            const std::vector<sn::EventKey> keys = direct.data.animation_event_keys(a);
            std::vector<sn::FiredEvent> fired(keys.size() + 1);
            const float duration = direct.data.animation_duration(a);
            const std::uint32_t n = direct.skeleton.apply_animation(a, -1.0, duration, false, 1.0f, sn::MixBlend::Setup,
                                                                    sn::MixDirection::In, fired.data(),
                                                                    std::uint32_t(fired.size()));
            EXPECT_EQ(n, std::uint32_t(keys.size()));
            for (std::uint32_t i = 0; i < n && i < keys.size(); ++i) {
                EXPECT_EQ(fired[i].key, i);
                EXPECT_EQ(fired[i].time, keys[i].time);
                EXPECT_EQ(fired[i].event, keys[i].event);
            }
            if (keys.size() >= 2) {
                EXPECT_EQ(direct.skeleton.apply_animation(a, -1.0, duration, false, 1.0f, sn::MixBlend::Replace,
                                                          sn::MixDirection::Out, fired.data(), 1),
                          std::uint32_t(keys.size()));
            }
        }
        EXPECT_THROWS(direct.skeleton.apply_animation(animations, 0.0, 1.0, false), sn::Status::OutOfRange,
                      sn::ErrorKind::None);
        EXPECT_THROWS(direct.skeleton.apply_animation(0, 0.0, NAN, false), sn::Status::InvalidArgument,
                      sn::ErrorKind::None);
        EXPECT_THROWS(direct.skeleton.apply_animation(0, 0.0, 1.0, false, 1.0f, sn::MixBlend(9)),
                      sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run(rig.name + "/crowd_members_and_ranges", [&] {
        // Ranges from two threads, a disabled member and a time-scaled one, against frames
        // by hand.
        Player a(rig), b(rig), c(rig), ra(rig), rb(rig), rc(rig);
        const std::uint32_t bones = a.data.count(sn::Item::Bone);
        for (Player* p : {&a, &b, &c, &ra, &rb, &rc}) p->state.set_animation(0, 0u, true);
        sn::Crowd crowd = sn::Crowd::create(1);
        crowd.add(a.skeleton, &a.state, &a.renderer);
        crowd.add(b.skeleton, &b.state, &b.renderer);
        crowd.add(c.skeleton, &c.state, &c.renderer);
        crowd.set_time_scale(1, 0.5);
        crowd.set_enabled(2, false);
        EXPECT(!crowd.enabled(2) && crowd.enabled(0) && crowd.time_scale(1) == 0.5);
        for (int f = 0; f < 10; ++f) {
            std::thread other([&] { crowd.update_range(1, 2, 1.0 / 60.0); });
            crowd.update_range(0, 1, 1.0 / 60.0);
            other.join();
            ra.frame(1.0 / 60.0);
            rb.frame(1.0 / 60.0 * 0.5);
        }
        for (std::uint32_t k = 0; k < bones; ++k) {
            const sn::BoneWorld x = a.skeleton.bone_world(k), y = ra.skeleton.bone_world(k);
            const sn::BoneWorld u = b.skeleton.bone_world(k), v = rb.skeleton.bone_world(k);
            const sn::BoneWorld w = c.skeleton.bone_world(k), z = rc.skeleton.bone_world(k);
            EXPECT(x.a == y.a && x.b == y.b && x.world_x == y.world_x && x.world_y == y.world_y);
            EXPECT(u.a == v.a && u.b == v.b && u.world_x == v.world_x && u.world_y == v.world_y);
            EXPECT(w.a == z.a && w.b == z.b && w.world_x == z.world_x && w.world_y == z.world_y);
        }
        crowd.remove(0);
        EXPECT_EQ(crowd.count(), 2u);
        EXPECT(crowd.time_scale(0) == 0.5 && !crowd.enabled(1));
        EXPECT_THROWS(crowd.update_range(1, 2, 0.1), sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(crowd.set_time_scale(0, NAN), sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(crowd.remove(2), sn::Status::OutOfRange, sn::ErrorKind::None);
    });
    run(rig.name + "/crowd_render_batched_concatenates_members_with_offsets", [&] {
        // Two members, the second moved: the batch holds both renders, positions shifted.
        Player a(rig), b(rig);
        a.state.set_animation(0, 0u, true);
        b.state.set_animation(0, 0u, true);
        sn::Crowd crowd = sn::Crowd::create(1);
        crowd.add(a.skeleton, &a.state, &a.renderer);
        crowd.add(b.skeleton, &b.state, &b.renderer);
        crowd.set_offset(1, 100.0f, -50.5f);
        EXPECT(crowd.offset(1) == std::make_pair(100.0f, -50.5f) && crowd.offset(0) == std::make_pair(0.0f, 0.0f));
        crowd.update(1.0 / 60.0);
        sn::Renderer batched = sn::Renderer::create();
        const sn::RenderOutput out = crowd.render_batched(batched);
        const sn::RenderOutput oa = a.renderer.output(), ob = b.renderer.output();
        EXPECT_EQ(out.vertex_count, oa.vertex_count + ob.vertex_count);
        EXPECT_EQ(out.index_count, oa.index_count + ob.index_count);
        if (oa.vertex_count > 0 && ob.vertex_count > 0) {
            const std::size_t base = std::size_t(oa.vertex_count) * 2;
            EXPECT(out.positions[0] == oa.positions[0] && out.positions[1] == oa.positions[1]);
            EXPECT(out.positions[base] == ob.positions[0] + 100.0f && out.positions[base + 1] == ob.positions[1] - 50.5f);
        }
        EXPECT(batched.output().vertex_count == out.vertex_count);
        EXPECT_THROWS(crowd.set_offset(2, 0, 0), sn::Status::OutOfRange, sn::ErrorKind::None);
        EXPECT_THROWS(crowd.set_offset(0, NAN, 0), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run(rig.name + "/snapshot_restore_replays_bit_for_bit", [&] {
        Player a(rig), b(rig);
        const std::uint32_t bones = a.data.count(sn::Item::Bone);
        a.state.set_animation(0, 0u, true);
        for (int f = 0; f < 20; ++f) a.frame(1.0 / 60.0);
        const std::vector<std::uint8_t> bytes = sn::snapshot(a.skeleton, &a.state);
        std::vector<std::uint8_t> buffer(bytes.size());
        EXPECT_EQ(sn::snapshot_into(a.skeleton, &a.state, buffer.data(), buffer.size()), bytes.size());
        EXPECT(buffer == bytes);
        sn::restore(b.skeleton, &b.state, bytes);
        for (int f = 0; f < 30; ++f) {
            a.frame(1.0 / 60.0);
            b.frame(1.0 / 60.0);
        }
        for (std::uint32_t k = 0; k < bones; ++k) {
            const sn::BoneWorld x = a.skeleton.bone_world(k), y = b.skeleton.bone_world(k);
            EXPECT(x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d && x.world_x == y.world_x &&
                   x.world_y == y.world_y);
        }
        std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 1);
        EXPECT_THROWS(sn::restore(b.skeleton, &b.state, cut), sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(sn::restore(b.skeleton, nullptr, bytes), sn::Status::InvalidArgument, sn::ErrorKind::None);
    });
    run(rig.name + "/snapshot_bound_holds_across_frames_with_mixes_and_physics", [&] {
        Player a(rig), b(rig);
        const std::uint32_t animations = a.data.count(sn::Item::Animation);
        // Two tracks, at most four entries alive at once, callbacks polled every frame.
        const std::size_t bound = sn::snapshot_bound(a.skeleton, true, 2, 4, 64);
        const std::size_t bare = sn::snapshot_bound(a.skeleton, false);
        EXPECT(36 < bare && bare < bound);
        a.state.set_animation(0, 0u, true);
        std::size_t largest = 0;
        for (int f = 0; f < 90; ++f) {
            if (f == 30) a.state.set_animation(0, 1u % animations, true);
            if (f == 40) a.state.set_animation(1, 2u % animations, false);
            a.frame(1.0 / 60.0);
            a.state.clear_events();
            const std::size_t size = sn::snapshot(a.skeleton, &a.state).size();
            EXPECT(size <= bound);
            EXPECT(sn::snapshot(a.skeleton).size() <= bare);
            largest = std::max(largest, size);
        }
        EXPECT_THROWS(sn::snapshot_bound(a.skeleton, false, 1), sn::Status::InvalidArgument, sn::ErrorKind::None);
        EXPECT_THROWS(sn::snapshot_bound(a.skeleton, true, 1025), sn::Status::OutOfRange, sn::ErrorKind::None);
        // A longer buffer says so.
        std::vector<std::uint8_t> longer = sn::snapshot(a.skeleton, &a.state);
        longer.push_back(0);
        longer.push_back(0);
        try {
            sn::restore(b.skeleton, &b.state, longer);
            EXPECT(false);
        } catch (const sn::Error& e) {
            EXPECT(std::string(e.what()).find("2 trailing bytes after the snapshot") != std::string::npos);
        }
    });
}

// The Spine 4.2 exports of `rig_manifest.py --v42`: whether they were required (the corpus
// was named by SPINE_CORPUS42) and one record per export.
struct Rig42 {
    std::string name, version, skeleton, atlas;
};
struct Manifest42 {
    bool required = false;
    std::vector<Rig42> rigs;
};

Manifest42 read_manifest42(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open manifest " + path);
    Manifest42 m;
    std::string line;
    while (std::getline(in, line)) {
        const auto f = split_tabs(line);
        if (f.size() == 2 && f[0] == "required") m.required = f[1] == "1";
        if (f.size() == 5 && f[0] == "rig42") m.rigs.push_back(Rig42{f[1], f[2], f[3], f[4]});
    }
    return m;
}

// 4.2 exports load through the same calls as 4.3 files (the version string in the file
// chooses the reader) and report their editor version: the first rig's JSON and .skel.
void spine42_tests(const Manifest42& m) {
    if (m.rigs.empty() && !m.required) {
        std::cout << "cpp: no Spine 4.2 corpus (SPINE_CORPUS42); 4.2 load test skipped\n";
        return;
    }
    run("spine42_exports_load_and_tell_their_version", [&] {
        if (m.rigs.empty()) throw Failure{"SPINE_CORPUS42 is set but its folder holds no 4.2 rigs"};
        const std::string rig = m.rigs[0].name.substr(0, m.rigs[0].name.find('@'));
        int loaded = 0;
        for (const Rig42& e : m.rigs) {
            if (e.name != rig + "@4.2" && e.name != rig + "@4.2.skel") continue;
            const sn::Atlas atlas = sn::Atlas::load_file(e.atlas);
            const sn::SkeletonData data = sn::SkeletonData::load_file(e.skeleton, atlas);
            const std::string version(data.info().version);
            EXPECT(version.rfind("4.2", 0) == 0);
            EXPECT_EQ(version, e.version);
            EXPECT(data.count(sn::Item::Bone) > 0 && data.count(sn::Item::Animation) > 0);
            ++loaded;
        }
        EXPECT(loaded >= 1);
    });
}

int main(int argc, char** argv) {
    if (argc < 2 || argc > 5) {
        std::cerr << "usage: " << argv[0] << " RIGS.tsv [RIGS42.tsv] [CASES.tsv DUMP]\n";
        return 2;
    }
    // RIGS42.tsv is there when the count of the other arguments is odd.
    const bool with42 = argc == 3 || argc == 5;
    const bool with_golden = argc >= 4;
    const char* cases_path = with_golden ? argv[argc - 2] : nullptr;
    const char* dump_path = with_golden ? argv[argc - 1] : nullptr;
    const std::vector<Rig> rigs = read_manifest(argv[1]);
    if (rigs.size() < 3) {
        std::cerr << "need at least 3 rigs in " << argv[1] << ", found " << rigs.size() << "\n";
        return 2;
    }
    general_tests(rigs[0], rigs[1]);
    for (const Rig& rig : rigs) rig_tests(rig);
    for (const Rig& rig : rigs) crowd_branch_tests(rig);
    playback_tests(playback_rig(rigs));
    separation_tests(playback_rig(rigs));
    conventions_tests(playback_rig(rigs));
    data_skin_and_crowd_id_tests(playback_rig(rigs));
    texture_tests(playback_rig(rigs));
    gpu_tests(playback_rig(rigs));
    skin_entry_tests(playback_rig(rigs));
    runtime_attachment_tests(playback_rig(rigs));
    if (with42) spine42_tests(read_manifest42(argv[2]));
    if (with_golden) run("golden_replay_runs_every_case", [&] { EXPECT_EQ(golden::replay_all(cases_path, dump_path), 0); });
    std::cout << "cpp: " << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
