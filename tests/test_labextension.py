"""The JupyterLab extension: frontend logic under node's test runner, the prebuilt assets,
and the wheel showing the extension in a fresh venv without Node.js."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXT = ROOT / "labextension"
BUILT = ROOT / "igraph_agent" / "labextension"


def test_frontend_logic_passes_its_node_tests():
    node = shutil.which("node")
    assert node, "Node.js runs the extension's frontend tests (apt-get install nodejs)"
    tsc = EXT / "node_modules" / ".bin" / "tsc"
    if tsc.exists():  # recompile lib/ from src/ when the toolchain is installed
        subprocess.run([str(tsc)], cwd=EXT, check=True, timeout=300)
    out = subprocess.run([node, "--test", "test/"], cwd=EXT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "# fail 0" in out.stdout and "# pass 8" in out.stdout


def test_prebuilt_extension_is_the_package_of_this_source():
    source = json.loads((EXT / "package.json").read_text())
    built = json.loads((BUILT / "package.json").read_text())
    assert (built["name"], built["version"]) == (source["name"], source["version"])
    entry = BUILT / built["jupyterlab"]["_build"]["load"]
    assert entry.is_file() and entry.stat().st_size > 0
    assert (BUILT / "static" / "style.js").is_file()


def _env_without_node(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH"))}
    env["PATH"] = f"{venv / 'bin'}:/usr/sbin:/sbin"  # no /usr/bin: no node, no npm
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.mark.slow
def test_wheel_in_a_fresh_venv_without_node_lists_the_extension(tmp_path):
    dist = tmp_path / "dist"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = str(venv / "bin" / "python")
    env = _env_without_node(venv)
    assert shutil.which("node", path=env["PATH"]) is None
    subprocess.run([py, "-m", "pip", "install", "-q", "build"], check=True, env=env,
                   timeout=600)
    subprocess.run([py, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
                   check=True, env=env, timeout=600, capture_output=True)
    wheel = next(dist.glob("igraph_agent-*.whl"))
    subprocess.run([py, "-m", "pip", "install", "-q", str(wheel), "jupyterlab"], check=True,
                   env=env, timeout=900)
    out = subprocess.run([str(venv / "bin" / "jupyter"), "labextension", "list"], env=env,
                         capture_output=True, text=True, timeout=300)
    listing = out.stdout + out.stderr
    assert out.returncode == 0, listing
    line = next(x for x in listing.splitlines() if "igraph-agent" in x)
    assert "enabled" in line and "OK" in line
    # the editable install every engineer runs works without Node.js too
    subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", "-e",
                    str(ROOT)], check=True, env=env, timeout=600, cwd=tmp_path)
