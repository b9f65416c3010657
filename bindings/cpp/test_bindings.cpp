// Tests of the C++ wrapper (spine_native.hpp) against corpus rigs.
//
// usage: test_bindings RIGS.tsv
// RIGS.tsv is written by bindings/tools/rig_manifest.py. Prints one line per failed check
// and closes with "N passed, M failed"; exits non-zero when anything failed.
#include "spine_native.hpp"

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
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " RIGS.tsv\n";
        return 2;
    }
    const std::vector<Rig> rigs = read_manifest(argv[1]);
    if (rigs.size() < 3) {
        std::cerr << "need at least 3 rigs in " << argv[1] << ", found " << rigs.size() << "\n";
        return 2;
    }
    general_tests(rigs[0], rigs[1]);
    for (const Rig& rig : rigs) rig_tests(rig);
    std::cout << "cpp: " << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
