"""The Binder environment: binder/requirements.txt and binder/postBuild built into a fresh
venv (no system site-packages; pip's cache and the local wheel index make it a few
minutes), then every example notebook executed with that venv's kernel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_binder_environment_executes_the_notebooks(tmp_path):
    venv = tmp_path / "binder-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH"))}
    env.update({"PATH": f"{venv / 'bin'}:/usr/sbin:/usr/bin:/sbin:/bin",
                "PIP_DISABLE_PIP_VERSION_CHECK": "1",
                # the PyTorch CPU index is unreachable offline: fail it fast, use local wheels
                "PIP_RETRIES": "0", "PIP_TIMEOUT": "3",
                "IGRAPH_AGENT_HOME": str(tmp_path / "project"), "IGRAPH_AGENT_WORKERS": "0",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    py = str(venv / "bin" / "python")
    subprocess.run([py, "-m", "pip", "install", "-q", "-r", str(ROOT / "binder" / "requirements.txt")],
                   check=True, env=env, timeout=1500, cwd=ROOT)
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], check=True, env=env,
                   timeout=900, cwd=ROOT)
    probe = subprocess.run([py, "-c", "import torch, igraph_agent; print(torch.__version__)"],
                           env=env, capture_output=True, text=True, timeout=300)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip().startswith("2.13.0")
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert any(nb.name == "04-report.ipynb" for nb in notebooks)
    runner = ("import sys, nbformat\nfrom nbclient import NotebookClient\n"
              "nb = nbformat.read(sys.argv[1], as_version=4)\n"
              "NotebookClient(nb, timeout=900, kernel_name='python3',\n"
              "               resources={'metadata': {'path': sys.argv[2]}}).execute()\n"
              "print('ok', sys.argv[1])\n")
    for nb in notebooks:
        out = subprocess.run([py, "-c", runner, str(nb), str(nb.parent)], env=env,
                             capture_output=True, text=True, timeout=1800)
        assert out.returncode == 0, f"{nb.name}:\n{out.stdout[-3000:]}{out.stderr[-3000:]}"
