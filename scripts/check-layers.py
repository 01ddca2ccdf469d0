#!/usr/bin/env python3
"""Holds every target of Codd to the layering rule of docs/Architecture.md.

Reads the targets from `swift package dump-package`, gives each a layer (by name for the
fixed layers, by folder under Codecs/ for codecs), and fails, naming file, line and module,
when a source file imports one of Codd's own modules its layer may not import, or when
Package.swift declares such a dependency or leaves out one a file imports. Every target (tests
included) must also declare what its dependencies re-export, and every library product list
what its targets re-export: SwiftPM recompiles a target only when a declared dependency's
.swiftmodule changes, and a re-exporting module's own .swiftmodule does not change with the
modules it re-exports (see docs/Architecture.md).

    CoddCore                      nothing of Codd
    CoddSQLite (driver)           CoddCore, CSQLite
    CoddNaming                    nothing of Codd (naming rules the macros and the runtime share)
    CoddMacroExpansions           CoddNaming (the macros' expansions, a library the tests use)
    CoddMacros                    CoddMacroExpansions (the compiler plugin's entry point)
    CoddQuery (renderer)          CoddCore, CoddMacros, CoddNaming
    CoddPostgres (driver)         CoddCore, CoddQuery (and postgres-nio)
    Codecs/<X>, Codecs/<X>/Codec  codec module: CoddCore, X's C targets
    Codecs/<X>/Query              the codec's DSL: CoddCore, CoddQuery, X's codec module
    Codecs/<X>/Driver             the codec's driver part: the DSL's modules, X's DSL module,
                                  CoddSQLite, CSQLite, X's C targets
    Codecs/<X>/<other> (C)        a C target of X: nothing of Codd
    Codd (umbrella)               the libraries above; every one it imports, it re-exports
    CoddTesting                   Codd and what Codd re-exports
    CoddSchema                    CoddCore (annotated SQL and the schema model)
    CoddMigrations                Codd, what Codd re-exports, and CoddSchema
    CoddPostgresMigrations        CoddMigrations' modules and CoddPostgres
    CoddAnalysis (SQL-first)      CoddCore, CoddSchema, CoddUUID, CoddDate, CoddDecimal, CoddNaming (the analyzer: no SQLite)
    CoddCodegen                   CoddAnalysis and what it may import (the Swift an analysis becomes)
    CoddGenerator                 CoddCodegen's modules and CSQLite (SQLite's check, projects, runs)
    CoddCommandLine               CoddGenerator's modules (`codd`'s commands; CoddCLI runs them)
    CoddSQLFirstMacroExpansions   CoddCodegen's modules (the analyzer in a compiler plugin)
    CoddSQLFirstMacroPlugin       CoddSQLFirstMacroExpansions (the plugin's entry point)
    CoddSQLFirst                  Codd, what Codd re-exports, CoddSchema, CoddMigrations, CoddFTS5
                                  (what generated code imports)
    CoddSQLFirstMacros            CoddSQLFirst's modules and CoddSQLFirstMacroPlugin
    CoddPlugin (build plugin)     nothing of Codd; depends on CoddCLI, the tool it runs
    CoddExample, CoddCLI, Tests/* anything

Usage: python3 scripts/check-layers.py [package directory]
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))

SWIFT_IMPORT = re.compile(
    r"^\s*(?P<attrs>(?:@\w+(?:\([^)]*\))?\s+|(?:public|package|internal|fileprivate|private)\s+)*)"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(?P<module>\w+)"
)
C_INCLUDE = re.compile(r'^\s*#\s*(?:include|import)\s*[<"](?P<module>\w+)[/.]')
C_MODULE_IMPORT = re.compile(r"^\s*@import\s+(?P<module>\w+)")


def dump_package():
    output = subprocess.run(
        ["swift", "package", "--package-path", ROOT, "dump-package"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)


def target_path(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def declared_dependencies(target, names):
    """Dependencies on targets of this package (products of other packages are not Codd's)."""
    result = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in names:
                result.add(dependency[kind][0])
    return result


def imports(path, names):
    """Yields (file, line number, module, exported) for every import of one of Codd's modules."""
    for directory, _, files in os.walk(os.path.join(ROOT, path)):
        for file in sorted(files):
            full = os.path.join(directory, file)
            relative = os.path.relpath(full, ROOT)
            if file.endswith(".swift"):
                in_string = False
                with open(full, encoding="utf-8") as source:
                    for number, line in enumerate(source, 1):
                        # Skip multi-line string literals (generated code in macros and tests).
                        if line.count('"""') % 2 == 1:
                            in_string = not in_string
                            continue
                        if in_string:
                            continue
                        match = SWIFT_IMPORT.match(line)
                        if match and match["module"] in names:
                            yield relative, number, match["module"], "@_exported" in match["attrs"]
            elif file.endswith((".c", ".h", ".m", ".cpp", ".mm")):
                with open(full, encoding="utf-8") as source:
                    for number, line in enumerate(source, 1):
                        match = C_INCLUDE.match(line) or C_MODULE_IMPORT.match(line)
                        if match and match["module"] in names:
                            yield relative, number, match["module"], False


def main():
    package = dump_package()
    targets = {target["name"]: target for target in package["targets"]}
    names = set(targets)

    # Codecs/<X>/<role>: which codec family and role each codec target has.
    family = {}
    for name, target in targets.items():
        parts = target_path(target).split("/")
        if parts[0] == "Codecs" and len(parts) >= 2:
            role = parts[2] if len(parts) > 2 else "Codec"
            if role not in ("Codec", "Query", "Driver"):
                role = "C"
            family[name] = (parts[1], role)

    def members(codec, role):
        return {name for name, (x, r) in family.items() if x == codec and r == role}

    fixed = {
        "CoddCore": set(),
        "CSQLite": set(),
        "CoddSQLite": {"CoddCore", "CSQLite"},
        # The naming rules the macros, the renderer and the SQL-first analyzer share.
        "CoddNaming": set(),
        "CoddMacroExpansions": {"CoddNaming"},
        "CoddMacros": {"CoddMacroExpansions"},
        "CoddQuery": {"CoddCore", "CoddMacros", "CoddNaming"},
        # The PostgreSQL driver: runs the renderer's statements over postgres-nio.
        "CoddPostgres": {"CoddCore", "CoddQuery"},
        # Schema and migrations (#12): annotated SQL on CoddCore only.
        "CoddSchema": {"CoddCore"},
    }
    libraries = set(fixed) | set(family)
    umbrella_allows = {name for name in libraries if targets[name]["type"] == "regular"
                       and name not in ("CoddMacros", "CoddMacroExpansions")}
    umbrella_allows -= {name for name, (_, role) in family.items() if role == "C"}

    def allowed(name):
        """The modules `name` may import, or None for anything."""
        target = targets[name]
        if name in fixed:
            return fixed[name]
        if name in family:
            codec, role = family[name]
            if role == "Codec":
                # A codec may call into its own C target (ICU's collators for the ICU
                # collation): C code of its own, nothing of Codd's.
                return {"CoddCore"} | members(codec, "C")
            if role == "Query":
                return {"CoddCore", "CoddQuery"} | members(codec, "Codec")
            if role == "Driver":
                query = members(codec, "Query")
                return ({"CoddCore", "CoddQuery", "CoddSQLite", "CSQLite"} | members(codec, "Codec")
                        | query | members(codec, "C"))
            return set()
        if name == "Codd":
            return umbrella_allows
        if name == "CoddTesting":
            return {"Codd"} | reexported_by_codd
        if name == "CoddMigrations":
            return {"Codd", "CoddSchema"} | reexported_by_codd
        if name == "CoddPostgresMigrations":
            return {"Codd", "CoddSchema", "CoddMigrations", "CoddPostgres"} | reexported_by_codd
        # SQL-first (#27): the analyzer imports no SQLite, so the macro plugin can run it.
        analysis = {"CoddCore", "CoddSchema", "CoddUUID", "CoddDate", "CoddDecimal", "CoddNaming"}
        if name == "CoddAnalysis":
            return analysis
        if name == "CoddSQLFirstMacroPlugin":
            return {"CoddSQLFirstMacroExpansions"}
        if name in ("CoddCodegen", "CoddSQLFirstMacroExpansions"):
            return analysis | {"CoddAnalysis"} | ({"CoddCodegen"} if name != "CoddCodegen" else set())
        if name == "CoddGenerator":
            return analysis | {"CoddAnalysis", "CoddCodegen", "CSQLite"}
        if name == "CoddCommandLine":
            return analysis | {"CoddAnalysis", "CoddCodegen", "CoddGenerator", "CSQLite"}
        # Generated code's MATCH parameters are FTS5 search patterns: their plain-value module
        # (no DSL, no driver) comes with the runtime.
        if name == "CoddSQLFirst":
            return {"Codd", "CoddSchema", "CoddMigrations", "CoddFTS5"} | reexported_by_codd
        if name == "CoddSQLFirstMacros":
            return ({"Codd", "CoddSchema", "CoddMigrations", "CoddFTS5", "CoddSQLFirst", "CoddSQLFirstMacroPlugin"}
                    | reexported_by_codd)
        if target["type"] == "plugin":
            # A build plugin imports nothing of Codd; it depends on the tool it runs.
            return {"CoddCLI"}
        if target["type"] in ("test", "executable") or target_path(target).startswith("Tests/"):
            return None
        return "unknown"

    found = {name: [entry for entry in imports(target_path(targets[name]), names) if entry[2] != name]
             for name in names}
    reexports = {name: {module for (_, _, module, exported) in found[name] if exported} for name in names}
    reexported_by_codd = reexports.get("Codd", set())

    def reexported_through(modules):
        """What `modules` re-export, transitively (not counting themselves)."""
        result, pending = set(), [r for module in modules for r in reexports.get(module, ())]
        while pending:
            module = pending.pop()
            if module not in result:
                result.add(module)
                pending.extend(reexports.get(module, ()))
        return result - set(modules)

    errors = []
    for name in sorted(names):
        rule = allowed(name)
        if rule == "unknown":
            errors.append(f"{name} ({target_path(targets[name])}): no layer in the rule; "
                          "add it to scripts/check-layers.py and docs/Architecture.md")
            continue
        declared = declared_dependencies(targets[name], names)
        # SwiftPM recompiles a target when a declared dependency's .swiftmodule changes, and
        # a module is not rewritten when only a module it re-exports changes: so every module
        # a target reaches must be declared, re-exported ones included.
        missing = {}
        for module in sorted(reexported_through(declared) - declared):
            via = tuple(sorted(d for d in declared if module in reexported_through([d])))
            missing.setdefault(via, []).append(module)
        for via, modules in missing.items():
            verb = "re-exports" if len(via) == 1 else "re-export"
            errors.append(f"Package.swift: {name} depends on {', '.join(via)}, which {verb} "
                          f"{', '.join(modules)}: declare them too, or {name} is not recompiled when they change")
        for file, line, module, _ in found[name]:
            if rule is not None and module not in rule:
                errors.append(f"{file}:{line}: {name} imports {module}, which its layer may not import "
                              f"(allowed: {', '.join(sorted(rule)) or 'nothing of Codd'})")
            elif module not in declared:
                errors.append(f"{file}:{line}: {name} imports {module}, which Package.swift does not "
                              f"declare as its dependency")
        if rule is None:
            continue
        for module in sorted(declared - rule):
            errors.append(f"Package.swift: {name} depends on {module}, which its layer may not import "
                          f"(allowed: {', '.join(sorted(rule)) or 'nothing of Codd'})")
        if name == "Codd":
            for file, line, module, _ in found[name]:
                if module not in reexported_by_codd:
                    errors.append(f"{file}:{line}: the umbrella imports {module} without re-exporting it "
                                  "(add `@_exported import` to Sources/Codd/Codd.swift)")

    # A product's users get an input edge for each of its targets only: the same holds.
    for product in package.get("products", []):
        if "library" not in product["type"]:
            continue
        listed = set(product["targets"])
        missing = sorted(reexported_through(listed) - listed)
        if missing:
            errors.append(f"Package.swift: product {product['name']} re-exports {', '.join(missing)} without "
                          "listing them in its targets, so its users are not recompiled when they change")

    if errors:
        print("Layering violations (the rule opens docs/Architecture.md):", file=sys.stderr)
        for error in errors:
            print("  " + error, file=sys.stderr)
        return 1
    checked = sum(1 for name in names if allowed(name) not in (None, "unknown"))
    print(f"Layers hold: {checked} library targets import only what their layer allows.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
