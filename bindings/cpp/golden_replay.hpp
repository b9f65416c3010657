// Golden replays through the C++ wrapper: reads the cases written by
// bindings/tools/golden_cases.py and writes the dump that tool compares with the goldens
// (runtime skins, bounds and hit tests, premultiplied alpha, interleaved layout, crowds).
#ifndef SPINE_NATIVE_GOLDEN_REPLAY_HPP
#define SPINE_NATIVE_GOLDEN_REPLAY_HPP

#include "spine_native.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace golden {

namespace sn = spine_native;

struct Case {
    std::string name, mode, atlas, skel;
    double dt = 0;
    int steps = 0, members = 1;
    std::set<int> record;
    std::map<int, std::vector<std::vector<std::string>>> ops;
};

inline std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) fields.push_back(field);
    return fields;
}

inline std::optional<std::string> unhex(const std::string& text) {
    if (text == "-") return std::nullopt;
    std::string out;
    for (std::size_t i = 0; i + 1 < text.size(); i += 2) out.push_back(static_cast<char>(std::stoi(text.substr(i, 2), nullptr, 16)));
    return out;
}

inline std::vector<Case> read_cases(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<Case> cases;
    Case c;
    std::string line;
    while (std::getline(in, line)) {
        const auto f = split(line);
        if (f.empty()) continue;
        if (f[0] == "case") {
            c = Case{};
            c.name = f.at(1), c.mode = f.at(2), c.atlas = f.at(3), c.skel = f.at(4);
            c.dt = std::stod(f.at(5)), c.steps = std::stoi(f.at(6)), c.members = std::stoi(f.at(7));
        } else if (f[0] == "record") {
            for (std::size_t i = 1; i < f.size(); ++i) c.record.insert(std::stoi(f[i]));
        } else if (f[0] == "op") {
            c.ops[std::stoi(f.at(1))].emplace_back(f.begin() + 2, f.end());
        } else if (f[0] == "end") {
            cases.push_back(c);
        }
    }
    return cases;
}

struct Member {
    const sn::SkeletonData& data;
    sn::Skeleton skeleton;
    sn::AnimationStateData mixes;
    sn::AnimationState state;
    sn::Renderer renderer;
    std::map<std::string, sn::TrackEntry> entries;
    std::map<std::string, sn::Skin> skins;

    Member(const sn::SkeletonData& d, const std::optional<spn_render_options>& options)
        : data(d),
          skeleton(sn::Skeleton::create(d)),
          mixes(sn::AnimationStateData::create(d)),
          state(sn::AnimationState::create(mixes)),
          renderer(options ? sn::Renderer::create(*options) : sn::Renderer::create()) {}

    std::uint32_t index(sn::Item item, const std::string& name) const {
        const auto i = data.find(item, name);
        if (!i) throw std::runtime_error("no " + std::string(sn::to_string(item)) + " named " + name);
        return *i;
    }

    void op(const std::vector<std::string>& f) {
        const std::string& n = f.at(0);
        auto d = [&](std::size_t i) { return std::stod(f.at(i)); };
        auto u = [&](std::size_t i) { return static_cast<std::uint32_t>(std::stoul(f.at(i))); };
        auto s = [&](std::size_t i) { return *unhex(f.at(i)); };
        if (n == "setDefaultMix") mixes.set_default_mix(d(1));
        else if (n == "setMix") mixes.set_mix(s(1), s(2), d(3));
        else if (n == "setAnimation") entries[f.at(4)] = state.set_animation(u(1), s(2), f.at(3) == "1");
        else if (n == "addAnimation") entries[f.at(5)] = state.add_animation(u(1), s(2), f.at(3) == "1", d(4));
        else if (n == "setEmptyAnimation") entries[f.at(3)] = state.set_empty_animation(u(1), d(2));
        else if (n == "addEmptyAnimation") entries[f.at(4)] = state.add_empty_animation(u(1), d(2), d(3));
        else if (n == "setEmptyAnimations") state.set_empty_animations(d(1));
        else if (n == "clearTrack") state.clear_track(u(1));
        else if (n == "clearTracks") state.clear_tracks();
        else if (n == "setStateTimeScale") state.set_time_scale(d(1));
        else if (n == "setEntry") entries.at(f.at(1)).set(static_cast<spn_entry_field>(u(2)), d(3));
        else if (n == "setEntryMixDuration") entries.at(f.at(1)).set_mix_duration(d(2), d(3));
        else if (n == "setEntryMixInterpolation") entries.at(f.at(1)).set_mix_interpolation(static_cast<sn::Interpolation>(u(2)));
        else if (n == "newSkin") {
            sn::Skin skin = sn::Skin::create(data, s(1));
            for (std::uint32_t i = 0; i < u(2); ++i) {
                sn::Skin part = sn::Skin::create(data, "part");
                skin.add_skin(part.add_data_skin(index(sn::Item::Skin, s(3 + i))));
            }
            skins[s(1)] = std::move(skin);
        } else if (n == "setSkin") {
            const auto name = unhex(f.at(1));
            if (!name) skeleton.clear_skin();
            else if (skins.count(*name)) skeleton.set_skin(skins.at(*name));
            else skeleton.set_skin(*name);
        } else if (n == "setupPose") skeleton.setup_pose();
        else if (n == "setupPoseBones") skeleton.setup_pose_bones();
        else if (n == "setupPoseSlots") skeleton.setup_pose_slots();
        else if (n == "setAttachment") skeleton.set_attachment(index(sn::Item::Slot, s(1)), unhex(f.at(2)));
        else if (n == "setScale") skeleton.set_scale(static_cast<float>(d(1)), static_cast<float>(d(2)));
        else if (n == "setPosition") skeleton.set_position(static_cast<float>(d(1)), static_cast<float>(d(2)));
        else if (n == "setColor")
            skeleton.set_color(sn::Color{static_cast<float>(d(1)), static_cast<float>(d(2)), static_cast<float>(d(3)),
                                         static_cast<float>(d(4))});
        else if (n == "physicsTranslate") skeleton.physics_translate(static_cast<float>(d(1)), static_cast<float>(d(2)));
        else if (n == "physicsRotate")
            skeleton.physics_rotate(static_cast<float>(d(1)), static_cast<float>(d(2)), static_cast<float>(d(3)));
        else if (n == "updateWorldTransform") skeleton.update_world_transform(static_cast<sn::Physics>(u(1)));
        else throw std::runtime_error("unknown op " + n);
    }
};

inline void dump_output(const sn::RenderOutput& out, std::FILE* f) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> page_blend(out.vertex_count);
    std::vector<std::uint32_t> indices;
    for (const auto& r : out.ranges) {
        for (std::uint32_t k = r.first_vertex; k < r.first_vertex + r.vertex_count; ++k) page_blend[k] = {r.page, r.blend};
        for (std::uint32_t i = r.first_index; i < r.first_index + r.index_count; ++i)
            indices.push_back(r.first_vertex + (out.index_size == 4 ? out.indices32[i] : out.indices16[i]));
    }
    for (std::uint32_t k = 0; k < out.vertex_count; ++k) {
        float x, y, u, v;
        std::uint32_t c, dark;
        if (!out.interleaved.empty()) {
            const spn_vertex& w = out.interleaved[k];
            x = w.x, y = w.y, u = w.u, v = w.v, c = w.color, dark = w.dark_color;
        } else {
            x = out.positions[k * out.position_stride], y = out.positions[k * out.position_stride + 1];
            u = out.uvs[2 * k], v = out.uvs[2 * k + 1], c = out.colors[k], dark = out.dark_colors[k];
        }
        std::fprintf(f, "v %.9g %.9g %.9g %.9g %u %u %u %u\n", x, y, u, v, c, dark, page_blend[k].first, page_blend[k].second);
    }
    std::fputc('t', f);
    for (auto i : indices) std::fprintf(f, " %u", i);
    std::fputc('\n', f);
}

inline void dump_bounds(const sn::Skeleton& skeleton, sn::Bounds& bounds, std::FILE* f) {
    const auto rect = skeleton.bounds();
    if (rect) std::fprintf(f, "bounds 1 %.9g %.9g %.9g %.9g\n", rect->x, rect->y, rect->width, rect->height);
    else std::fprintf(f, "bounds 0\n");
    bounds.update(skeleton, true);
    for (std::uint32_t b = 0; b < bounds.count(); ++b) {
        const sn::BoundingBox box = bounds.box(b);
        std::fprintf(f, "bb %u", box.slot);
        for (float v : box.vertices) std::fprintf(f, " %.9g", v);
        std::fputc('\n', f);
    }
    if (!rect) return;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            const float x = rect->x + rect->width * (static_cast<float>(i) + 0.5f) / 5.0f;
            const float y = rect->y + rect->height * (static_cast<float>(j) + 0.5f) / 5.0f;
            const auto slot = bounds.contains_point(x, y);
            std::fprintf(f, "hit %.9g %.9g %d\n", x, y, slot ? static_cast<int>(*slot) : -1);
        }
}

inline void replay(const Case& c, std::FILE* f) {
    std::optional<spn_render_options> options;
    if (c.mode == "pma") {
        spn_render_options o{};
        o.premultiplied_alpha = 1;
        options = o;
    } else if (c.mode == "interleaved") {
        spn_render_options o{};
        o.indices_u32 = 1;
        o.layout = SPN_LAYOUT_INTERLEAVED;
        options = o;
    }
    const sn::Atlas atlas = sn::Atlas::load_file(c.atlas);
    const sn::SkeletonData data = sn::SkeletonData::load_file(c.skel, atlas);
    sn::Bounds bounds = sn::Bounds::create();
    std::vector<std::unique_ptr<Member>> members;
    for (int m = 0; m < c.members; ++m) members.push_back(std::make_unique<Member>(data, options));
    sn::Crowd crowd;
    if (c.mode == "crowd") {
        crowd = sn::Crowd::create(0);
        for (auto& m : members) crowd.add(m->skeleton, &m->state, &m->renderer);
    }
    std::fprintf(f, "case %s\n", c.name.c_str());
    for (int step = 0; step <= c.steps; ++step) {
        auto ops = c.ops.find(step);
        for (auto& m : members)
            if (ops != c.ops.end())
                for (const auto& op : ops->second) m->op(op);
        if (step == 0) {
            for (auto& m : members) {
                m->skeleton.update_world_transform(sn::Physics::Update);
                m->renderer.render(m->skeleton);
            }
        } else if (crowd) {
            crowd.update(c.dt, sn::Physics::Update);
        } else {
            for (auto& m : members) {
                m->state.update(c.dt);
                m->state.apply(m->skeleton);
                m->skeleton.update(c.dt);
                m->skeleton.update_world_transform(sn::Physics::Update);
                m->renderer.render(m->skeleton);
            }
        }
        for (auto& m : members) m->state.clear_events();
        if (!c.record.count(step)) continue;
        for (std::size_t m = 0; m < members.size(); ++m) {
            std::fprintf(f, "frame %zu %d\n", m, step);
            dump_output(members[m]->renderer.output(), f);
            if (c.mode == "bounds") dump_bounds(members[m]->skeleton, bounds, f);
        }
    }
    std::fprintf(f, "end\n");
}

// Replays every case of `cases_path` into `dump_path`; returns the number of cases that threw.
inline int replay_all(const std::string& cases_path, const std::string& dump_path) {
    std::FILE* f = std::fopen(dump_path.c_str(), "w");
    if (!f) throw std::runtime_error("cannot write " + dump_path);
    int errors = 0;
    for (const Case& c : read_cases(cases_path)) {
        try {
            replay(c, f);
        } catch (const std::exception& e) {
            std::fprintf(f, "end\n");
            std::cerr << "golden " << c.name << ": " << e.what() << "\n";
            ++errors;
        }
    }
    std::fclose(f);
    return errors;
}

}  // namespace golden

#endif  // SPINE_NATIVE_GOLDEN_REPLAY_HPP
