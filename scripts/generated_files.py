"""What every generator in scripts/ does with its output: writes the files, or with `--check`
reports those that differ from what the generator writes (a hand edit, or a generator change
not run) and fails. One copy, imported by generate-select-closures.py,
generate-execute-arities.py and generate-row-values.py."""
import sys


def write_or_check(files):
    """`files` maps a path (from the repository root) to its generated text."""
    stale = []
    for path, text in files.items():
        if "--check" in sys.argv[1:]:
            with open(path) as f:
                if f.read() != text:
                    stale.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    for path in stale:
        print(f"{path} differs from what {sys.argv[0]} writes: run it and commit the result", file=sys.stderr)
    sys.exit(1 if stale else 0)
