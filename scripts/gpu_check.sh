#!/usr/bin/env bash
# The GPU check: the CUDA tests, a short CUDA training run with each option off and on, and
# training throughput with 1, 4 and 16 env workers; one summary table, also written as JSON.
# Runs in under 8 minutes on a GPU machine with 16 cores.
#   scripts/gpu_check.sh                 # on the GPU; writes gpu_check.json
#   scripts/gpu_check.sh --cpu           # the same steps on the CPU, CUDA path rehearsed (CI)
#   scripts/gpu_check.sh --help          # sizes, workers, output file
# The steps live in integration/tools/gpu_check.py.
set -euo pipefail
cd "$(dirname "$0")/.."
exec uv run python -m integration.tools.gpu_check "$@"
