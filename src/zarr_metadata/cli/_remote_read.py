"""Reading one document over a network, no further than the size limit, counted as the bytes arrive.

A server that sends an endless body would otherwise fill the memory: fsspec
reads a whole response before it returns. Over HTTP the response is read
here, chunk by chunk, and dropped once it passes the limit (or at once, when
its `Content-Length` already does); another file system's read is judged by
its length when it returns, and a file system without an event loop (a zip
archive in a bucket) is read through a file object, never past the limit.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import IO, Any, cast

_CHUNK = 64 * 1024


class TooLarge(Exception):
    """A document that holds more than the limit: `size` bytes, when the server said how many."""

    def __init__(self, size: int | None) -> None:
        super().__init__(size)
        self.size = size


ReadKey = Callable[[str], Awaitable[bytes]]


def bounded_reader(fs: Any, limit: int, options: dict[str, object]) -> ReadKey:
    """The coroutine that reads one path of the asynchronous file system `fs`, raising `TooLarge` past `limit` bytes."""
    session = getattr(fs, "set_session", None)
    encode = getattr(fs, "encode_url", None)
    if callable(session) and callable(encode) and isinstance(getattr(fs, "kwargs", None), dict):
        return _http_reader(fs, limit)
    read = getattr(fs, "_cat_file")  # noqa: B009 - the coroutine behind cat_file, which pyright calls private

    async def whole(path: str) -> bytes:
        data = cast("bytes", await read(path, **options))
        if len(data) > limit:
            raise TooLarge(len(data))
        return data

    return whole


def _http_reader(fs: Any, limit: int) -> ReadKey:
    """A read of fsspec's HTTP file system that stops at `limit` bytes: its own GET, with the file system's session and options."""

    async def streamed(path: str) -> bytes:
        session = await fs.set_session()
        async with session.get(fs.encode_url(path), **fs.kwargs) as response:
            fs._raise_not_found_for_status(
                response, path
            )  # fsspec judges the status as its own read does
            declared = response.content_length
            if declared is not None and declared > limit:
                raise TooLarge(declared)
            chunks: list[bytes] = []
            held = 0
            async for chunk in response.content.iter_chunked(_CHUNK):
                held += len(chunk)
                if held > limit:
                    raise TooLarge(None)
                chunks.append(chunk)
        return b"".join(chunks)

    return streamed


def read_file_object(fs: Any, path: str, limit: int) -> bytes:
    """The bytes at `path` of a file system without an event loop, read through a file object; raises `TooLarge` past `limit`."""
    with cast("IO[bytes]", fs.open(path, "rb")) as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(None)
    return data
