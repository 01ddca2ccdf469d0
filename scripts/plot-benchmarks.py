#!/usr/bin/env python3
"""Draws docs/benchmarks/results.png from the results.json that CoddBench --output writes.

    swift run -c release --package-path Benchmarks CoddBench --rounds 3 --output docs/benchmarks
    python3 scripts/plot-benchmarks.py docs/benchmarks      # needs: pip install matplotlib

One panel per workload: each contender's median time as a multiple of the workload's floor
(the first contender, 1.0×), Codd's bars highlighted, the ratio printed on each bar.
"""
import json
import sys
from pathlib import Path

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("plot-benchmarks: matplotlib is missing; install it with `pip install matplotlib`")


def main() -> None:
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/benchmarks")
    report = json.loads((directory / "results.json").read_text())
    workloads: dict[str, list[dict]] = {}
    for result in report["results"]:
        workloads.setdefault(result["workload"], []).append(result)
    if not workloads:
        sys.exit(f"plot-benchmarks: {directory / 'results.json'} has no results")

    heights = [len(results) * 0.32 + 0.6 for results in workloads.values()]
    figure, axes = plt.subplots(
        len(workloads), 1, figsize=(10, sum(heights) + 1), gridspec_kw={"height_ratios": heights}, squeeze=False
    )
    for axis, (name, results) in zip(axes[:, 0], workloads.items()):
        labels = [result["contender"] for result in results]
        ratios = [result["timesFloor"] for result in results]
        colors = ["#d9480f" if label.startswith("Codd") else "#868e96" for label in labels]
        bars = axis.barh(range(len(results)), ratios, color=colors, height=0.7)
        axis.set_yticks(range(len(results)), labels, fontsize=8)
        axis.invert_yaxis()
        axis.axvline(1.0, color="black", linewidth=0.6)
        axis.set_title(name, fontsize=9, loc="left")
        axis.tick_params(axis="x", labelsize=7)
        if max(ratios) / max(min(ratios), 1e-9) > 20:
            axis.set_xscale("log")
        for bar, ratio in zip(bars, ratios):
            axis.text(bar.get_width(), bar.get_y() + bar.get_height() / 2, f" {ratio:.2f}×", va="center", fontsize=7)
        axis.margins(x=0.15)
    figure.suptitle(
        f"Codd benchmark: time as a multiple of each workload's floor (lower is faster)\n"
        f"{report['rows']} rows, {report['rounds']} rounds, SQLite {report['sqlite']}, {report['cores']} cores",
        fontsize=10,
    )
    # Leave the two-line title its own strip: tight_layout alone lays the first panel over it.
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.6 / figure.get_figheight()))
    output = directory / "results.png"
    figure.savefig(output, dpi=110)
    print(f"plot-benchmarks: wrote {output}")


if __name__ == "__main__":
    main()
