"""Version of the zugzwang Python package (kept equal to Cargo.toml's version)."""

__version__ = "0.1.0"
