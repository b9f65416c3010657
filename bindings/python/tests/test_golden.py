"""Golden replays of the newly wrapped areas (runtime skins, bounds and hit tests,
premultiplied alpha, interleaved layout, crowds, Spine 4.2 exports) through the Python
binding, compared with the corpus goldens by bindings/tools/golden_cases.py."""
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tools"))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import golden_cases  # noqa: E402
import golden_replay  # noqa: E402

REPO = HERE.parents[2]
CORPUS = Path(os.environ.get("SPINE_CORPUS", REPO / ".." / "shared" / "corpus"))
if not CORPUS.is_absolute():
    CORPUS = REPO / CORPUS
try:
    CASES = golden_cases.cases(CORPUS) if (CORPUS / "golden").is_dir() else []
    CASES_ERROR = None
except ValueError as error:  # SPINE_CORPUS42 set to a folder without 4.2 rigs
    CASES, CASES_ERROR = [], str(error)


def test_corpus_has_golden_cases():
    modes = {c[1] for c in CASES}
    assert {"bounds", "pma", "interleaved", "crowd"} <= modes, modes


def test_spine42_corpus_gives_golden_cases():
    """Spine 4.2 exports replay through the same calls: JSON and .skel cases when the 4.2 corpus
    is there (golden_cases.cases fails when SPINE_CORPUS42 is set and holds no rigs)."""
    assert CASES_ERROR is None, CASES_ERROR
    folder, _required = golden_cases.corpus42_dir()
    v42 = [c for c in CASES if c[1] == "v42"]
    if not golden_cases.discover42(folder):
        assert not v42
        pytest.skip(f"no 4.2 corpus at {folder}")
    assert any(str(c[3]).endswith(".json") for c in v42) and any(str(c[3]).endswith(".skel") for c in v42), v42
    assert all("golden-skel" in str(c[4]) for c in v42 if str(c[3]).endswith(".skel"))


@pytest.fixture(scope="module")
def dump(tmp_path_factory):
    out = tmp_path_factory.mktemp("golden")
    golden_cases.prepare(CORPUS, out)
    lines = []
    for case in golden_replay.read_cases(out / "cases.tsv"):
        golden_replay.replay(case, lines)
    (out / "python.dump").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return golden_cases.read_dump(out / "python.dump")


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_golden_case(case, dump):
    name, mode, _atlas, _skel, golden_path, members = case
    scenario = golden_cases.load(golden_path)
    got = dump[name]
    checked = 0
    for member in range(members):
        for frame in scenario["frames"]:
            mine = got.get((member, frame["step"]))
            assert mine is not None, f"member {member} step {frame['step']} not recorded"
            problem = golden_cases.compare_frame(mode, frame, scenario["pools"], mine)
            assert problem is None, f"member {member} step {frame['step']}: {problem}"
            checked += 1
    assert checked > 0
