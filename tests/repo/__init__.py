"""The repository around the package: README and docs, example matches, scripts, benchmarks, the
import layers, the committed pictures, and the tests' own layout and helpers."""
