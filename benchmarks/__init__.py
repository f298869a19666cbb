"""hermes-dash's benchmark: ``python -m benchmarks`` (see :mod:`benchmarks.bench`)."""
