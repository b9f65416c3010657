"""The package's layout (no library needed): one module per C object over ``_ffi``, in the C
header's object order, each importing only the modules above it, so there is no import cycle."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "spine_native"
ORDER = ["_ffi", "atlas", "data", "skin", "skeleton", "state", "render", "bounds", "crowd"]


def test_the_package_holds_one_module_per_c_object_over_ffi():
    assert sorted(p.stem for p in PACKAGE.glob("*.py")) == sorted(ORDER + ["__init__"])


def test_each_module_imports_only_the_modules_above_it():
    for index, name in enumerate(ORDER):
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{name}.py has no module docstring"
        # Top-level imports only: an `if TYPE_CHECKING:` import (for annotations) never runs.
        imported = [node.module for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1]
        nested = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1
                  and node not in tree.body and not _under_type_checking(tree, node)]
        assert not nested, f"{name}.py imports a sibling inside a function or block"
        for module in imported:
            assert module in ORDER[:index], f"{name}.py imports .{module}, which is not above it"


def test_the_package_re_exports_every_public_name_of_its_modules():
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    exported = {alias.name for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1
                for alias in node.names}
    for name in ORDER:
        module = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        defined = {node.name for node in module.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))} | {
            target.id for node in module.body if isinstance(node, ast.Assign) for target in node.targets
            if isinstance(target, ast.Name)}
        missing = sorted(n for n in defined if not n.startswith("_") and n not in exported)
        assert not missing, f"spine_native does not re-export {missing} of {name}.py"


def _under_type_checking(tree, target):
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            if any(child is target for child in ast.walk(node)):
                return True
    return False
