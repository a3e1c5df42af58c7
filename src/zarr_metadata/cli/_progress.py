"""A progress line on a terminal: how many documents a run has read of those it listed, and how fast.

It is drawn only on a terminal, and only once the run has taken more than
`DELAY` seconds, so a quick run and a run whose standard error goes to a file
or a pipe print nothing. It is cleared before each finding is written, so no
finding is written over it or after it on one line, and when the run ends.
With `rich` installed (the `cli` extra) it is a bar; without, a plain line
redrawn after a carriage return.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol, TextIO

DELAY = 1.0
"""Seconds a run goes on before its progress is shown."""


class Painter(Protocol):
    """What draws the progress line and clears it."""

    def draw(self, read: int, listed: int, rate: float) -> None:
        """Show `read` documents of `listed`, read at `rate` a second, in place of what was shown."""
        ...

    def clear(self) -> None:
        """Take the line off the terminal, if it is on it."""
        ...


class ProgressLine:
    """The progress of one run on the terminal `stream`, told as the run goes (`line(read, listed)`)."""

    def __init__(
        self,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.monotonic,
        plain: bool = False,
        doing: str = "checking",
        counted: str = "documents",
    ) -> None:
        self._stream = stream
        self._clock = clock
        self._start = clock()
        self._plain = plain
        self._words = (doing, counted)
        self._painter: Painter | None = None

    def __call__(self, read: int, listed: int) -> None:
        elapsed = self._clock() - self._start
        if elapsed < DELAY:
            return
        if self._painter is None:
            self._painter = (
                PlainPainter(self._stream, *self._words)
                if self._plain
                else painter(self._stream, *self._words)
            )
        self._painter.draw(read, listed, read / elapsed if elapsed > 0 else 0.0)

    def hide(self) -> None:
        """Clear the line, until the run next says how far it has got."""
        if self._painter is not None:
            self._painter.clear()


def progress_line(
    stream: TextIO, *, quiet: bool, doing: str = "checking", counted: str = "documents"
) -> ProgressLine | None:
    """The progress line of a run whose standard error is `stream`: None when the run is quiet or `stream` is not a terminal.

    It says what the run is `doing`, and what it has `counted` so far.
    """
    if quiet:
        return None
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # a closed stream, or an object that only writes
        terminal = False
    return ProgressLine(stream, doing=doing, counted=counted) if terminal else None


def painter(stream: TextIO, doing: str = "checking", counted: str = "documents") -> Painter:
    """A `RichPainter` when `rich` is installed, else a `PlainPainter`."""
    try:
        return RichPainter(stream, doing, counted)
    except ImportError:
        return PlainPainter(stream, doing, counted)


class PlainPainter:
    """The progress as a line of text, redrawn after a carriage return, and cleared by writing spaces over it."""

    def __init__(self, stream: TextIO, doing: str = "checking", counted: str = "documents") -> None:
        self._stream = stream
        self._doing, self._counted = doing, counted
        self._width = 0

    def draw(self, read: int, listed: int, rate: float) -> None:
        """Write the line over the one before."""
        text = f"{self._doing}: {read:,} of {listed:,} {self._counted}, {rate:,.0f}/s"
        self._stream.write("\r" + text.ljust(self._width))
        self._stream.flush()
        self._width = len(text)

    def clear(self) -> None:
        """Write spaces over the line, and go back to its start."""
        if self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()
            self._width = 0


class RichPainter:
    """The progress as a `rich` bar, which vanishes when cleared."""

    def __init__(self, stream: TextIO, doing: str = "checking", counted: str = "documents") -> None:
        # Imported here: rich is optional, and costs its import only to a run that lasts.
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self._progress = Progress(
            TextColumn(doing),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(counted + ", {task.fields[rate]}/s"),
            console=Console(file=stream),
            transient=True,
            auto_refresh=False,  # drawn when the run says how far it has got, so no thread writes between findings
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self._task: Any = self._progress.add_task(doing, total=None, rate="0")
        self._shown = False

    def draw(self, read: int, listed: int, rate: float) -> None:
        """Show the bar, brought up to date."""
        self._progress.update(
            self._task, completed=read, total=max(listed, read), rate=f"{rate:,.0f}"
        )
        if not self._shown:
            self._progress.start()
            self._shown = True
        self._progress.refresh()

    def clear(self) -> None:
        """Take the bar off the terminal."""
        if self._shown:
            self._progress.stop()
            self._shown = False
