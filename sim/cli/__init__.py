"""The `sim` command line: the group and its commands, from experiments (validate, run, report),
scanning and tuning (scan, tune), playing (play, replay, scenario) and engine_info (rules,
agents, bench, ladder)."""

from __future__ import annotations

from typing import Any

import click

from sim.cli.engine_info import agents_cmd, bench_cmd, ladder_cmd, rules_cmd
from sim.cli.experiments import answers_cmd, report_cmd, run_cmd, validate_cmd
from sim.cli.options import _fail
from sim.cli.playing import play_cmd, replay_cmd, scenario_cmd
from sim.cli.scanning import scan_cmd
from sim.cli.tuning import tune_cmd


def _usage_error(e: click.UsageError) -> None:
    """click's own refusals (a number out of range, a value not among the choices, an unknown
    option or command, a missing argument) in the toolkit's voice: one `error:` line and exit
    2, where click prints the usage, a hint and its message over three lines."""
    _fail(e.format_message().rstrip("."))


class _Group(click.Group):
    """Errors raised by a user's own code (a Python agent) and click's usage errors are one
    line, whatever the command."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        # The group's own arguments: an unknown command, an unknown option before it.
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `sim` alone: its help, as click shows it
        except click.UsageError as e:
            _usage_error(e)
            raise  # not reached: _fail exits

    def invoke(self, ctx: click.Context) -> Any:
        from sim.play.python_agents import AgentError

        try:
            return super().invoke(ctx)
        except AgentError as e:
            _fail(str(e))
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as e:  # a command's arguments, parsed as it is invoked
            _usage_error(e)


@click.group(cls=_Group)
@click.version_option(package_name="houses-sim")
def main() -> None:
    """Simulate Houses-Skirmish games to answer balance questions."""


# The commands, in the order they are written (`sim --help` lists them by name).
main.add_command(validate_cmd)
main.add_command(run_cmd)
main.add_command(report_cmd)
main.add_command(answers_cmd)
main.add_command(scan_cmd)
main.add_command(tune_cmd)
main.add_command(replay_cmd)
main.add_command(scenario_cmd)
main.add_command(bench_cmd)
main.add_command(play_cmd)
main.add_command(ladder_cmd)
main.add_command(agents_cmd)
main.add_command(rules_cmd)
