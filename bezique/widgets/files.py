"""A learner's files in and out of a widget: a download link (a data: URL, so it works with
no server — in the served book and in the browser's own kernel alike) and the bytes of a file
chosen in an `ipywidgets.FileUpload`. Used by the practice table's deal record and by the
exercises' progress."""

from __future__ import annotations

import base64
import html

import ipywidgets


def download_link(text: str, name: str, label: str, style: str = "line-height:2.2") -> str:
    """An <a> that saves `text` (UTF-8 JSON) as a file named `name`; `label` is what it says."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(name)}" href="data:application/json;charset=utf-8;'
            f'base64,{data}" style="{style}">{html.escape(label, quote=False)}</a>')


def take_upload(upload: ipywidgets.FileUpload, change) -> bytes | None:
    """The bytes of the file just chosen in `upload` (None when the choice was cleared); the
    upload is cleared, so that the same file may be chosen again."""
    files = change["new"]
    if not files:
        return None
    item = files[0]
    content = item["content"] if isinstance(item, dict) else item.content
    upload.value = ()
    return bytes(content)


__all__ = ["download_link", "take_upload"]
