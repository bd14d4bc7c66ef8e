"""The package's version (pyproject.toml's), in a module of its own so that any module can
stamp it without importing the whole package."""

__version__ = "0.1.0"
