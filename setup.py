"""Package layout that pyproject.toml cannot express on its own.

The JSON Schemas live in the top-level ``schemas/`` folder (where editors and
other tools find them) and ship inside the wheel as ``generator.schemas``.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["generator", "generator.*"]) + ["generator.schemas"],
    package_dir={"generator.schemas": "schemas"},
    package_data={
        "generator.schemas": ["*.json"],
        "generator.render": ["fonts/*.ttf", "fonts/*.txt"],
        "generator.systems.fragments": ["*.yaml"],
        "generator.systems.glyphs": ["starter/*.yaml"],
    },
    include_package_data=False,
)
