"""Settings from the environment: numbers are parsed with a coded error, never a traceback."""

from __future__ import annotations

import pytest

from igraph_agent.cli import main
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.options import Settings


@pytest.mark.parametrize(("name", "value"), [
    ("IGRAPH_AGENT_TIMEOUT", "soon"), ("IGRAPH_AGENT_TIMEOUT", "nan"),
    ("IGRAPH_AGENT_TIMEOUT", "-5"), ("IGRAPH_AGENT_TIMEOUT", "inf"),
    ("IGRAPH_AGENT_MAX_RETRIES", "2.5"), ("IGRAPH_AGENT_RPM", "many"),
    ("IGRAPH_AGENT_TPM", "0"),
])
def test_a_bad_numeric_setting_is_setting_invalid_naming_the_variable(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(AgentError) as err:
        Settings.from_env(env_file=None)
    assert err.value.code == ErrorCode.SETTING_INVALID
    assert name in err.value.message and err.value.hint


def test_numeric_settings_are_read_and_blank_ones_take_the_default(monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_TIMEOUT", " 30.5 ")
    monkeypatch.setenv("IGRAPH_AGENT_MAX_RETRIES", "0")
    monkeypatch.setenv("IGRAPH_AGENT_RPM", "")
    s = Settings.from_env(env_file=None)
    assert (s.timeout_s, s.max_retries, s.rpm) == (30.5, 0, None)


def test_cli_with_a_non_numeric_timeout_prints_a_coded_error_not_a_traceback(
        monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("IGRAPH_AGENT_TIMEOUT", "soon")
    code = main(["--home", str(tmp_path / "p"), "ask", "How big is the graph?"])
    err = capsys.readouterr().err
    assert code == 1
    assert "SETTING_INVALID" in err and "IGRAPH_AGENT_TIMEOUT" in err
    assert "Traceback" not in err
