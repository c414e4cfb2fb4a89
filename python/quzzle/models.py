"""Optimisation models of other Python packages as LP text (docs/lp.md, "From Python").

Each model is written by its own package's LP writer into memory (PuLP's only writes files: a
temporary one), so the text is the bytes the user gets by writing the model to a file with that
writer, and ``quzzle.load`` of that file reads the same model. The packages are optional: a
model's class is recognised by the module it comes from, and nothing is imported until a model of
that package is given.
"""

from __future__ import annotations

import io
import os
import tempfile
from typing import Any, List, Optional, Tuple

# (package as pip names it, top-level module, class names it accepts) in the order they are tried.
ACCEPTED: List[Tuple[str, str, Tuple[str, ...]]] = [
    ("dimod", "dimod", ("ConstrainedQuadraticModel", "BinaryQuadraticModel")),
    ("qiskit-optimization", "qiskit_optimization", ("QuadraticProgram",)),
    ("docplex", "docplex", ("Model",)),
    ("pyomo", "pyomo", ("ConcreteModel", "Block")),
    ("PuLP", "pulp", ("LpProblem",)),
]


def accepted() -> str:
    """The models accepted, for messages."""
    return ", ".join(f"{package} {' or '.join(names)}" for package, _, names in ACCEPTED)


def package_of(model: Any) -> Optional[str]:
    """The top-level module of the first class in ``model``'s MRO that comes from an accepted
    package with an accepted name, or None."""
    for cls in type(model).__mro__:
        top = (cls.__module__ or "").split(".")[0]
        for _, module, names in ACCEPTED:
            if top == module and cls.__name__ in names:
                return module
    return None


def _name(model: Any, fallback: str) -> str:
    name = getattr(model, "name", None)
    # pyomo's and PuLP's names of an unnamed model.
    if isinstance(name, str) and name.strip() not in ("", "unknown", "NoName") and "/" not in name and "\\" not in name:
        return f"{name.strip()}.lp"
    return fallback


def _needs(what: str, package: str, error: ImportError) -> ImportError:
    return ImportError(f"converting a {what} needs {package}: pip install {package} ({error})")


def lp_text(model: Any) -> Optional[Tuple[str, str]]:
    """``(LP text, default name)`` of a model of an accepted package, or None when ``model`` is
    none of them."""
    package = package_of(model)
    if package == "dimod":
        import dimod  # type: ignore[import-untyped,unused-ignore]

        if isinstance(model, dimod.BinaryQuadraticModel):
            model = dimod.ConstrainedQuadraticModel.from_bqm(model)
        return dimod.lp.dumps(model), "dimod.lp"
    if package == "qiskit_optimization":
        # QuadraticProgram.export_as_lp_string is deprecated in 0.7 for this, which it calls.
        try:
            from qiskit_optimization.translators import to_docplex_mp  # type: ignore[import-untyped,import-not-found,unused-ignore]

            text = to_docplex_mp(model).export_as_lp_string()
        except ImportError as e:
            raise _needs("qiskit-optimization QuadraticProgram", "docplex", e) from e
        return text, _name(model, "qiskit-optimization.lp")
    if package == "docplex":
        return model.export_as_lp_string(), _name(model, "docplex.lp")
    if package == "pyomo":
        # The writer `model.write(path, io_options={"symbolic_solver_labels": True})` uses:
        # the model's own names in messages, not x1, c_e_x2_.
        from pyomo.repn.plugins.lp_writer import LPWriter  # type: ignore[import-untyped,import-not-found,unused-ignore]

        out = io.StringIO()
        LPWriter().write(model, out, symbolic_solver_labels=True)
        return out.getvalue(), _name(model, "pyomo.lp")
    if package == "pulp":
        with tempfile.TemporaryDirectory(prefix="quzzle-pulp-") as tmp:
            path = os.path.join(tmp, "model.lp")
            model.writeLP(path)
            with open(path, encoding="utf-8") as f:
                return f.read(), _name(model, "pulp.lp")
    return None
