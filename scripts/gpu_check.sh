#!/usr/bin/env bash
# The GPU check: the CUDA tests, a short CUDA training run with each option off and on,
# training throughput with 1, 4 and 16 env workers (16 also in two halves, double_buffer), and
# the env alone on as many cores (the ceiling of those figures); one summary table, also written
# as JSON. About 2 minutes on a GPU machine with 16 cores. Without uv (a machine with no network,
# say), run the module with a Python that has the project's packages:
# python3 -m integration.tools.gpu_check.
#   scripts/gpu_check.sh                 # on the GPU; writes gpu_check.json
#   scripts/gpu_check.sh --cpu           # the same steps on the CPU, CUDA path rehearsed (CI)
#   scripts/gpu_check.sh --help          # sizes, workers, output file
# The steps live in integration/tools/gpu_check.py.
set -euo pipefail
cd "$(dirname "$0")/.."
exec uv run python -m integration.tools.gpu_check "$@"
