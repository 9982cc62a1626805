"""Small helpers for writing HTML safely from Python."""

from __future__ import annotations

# What `html.escape(text, quote=True)` replaces, with what. (Not `html` itself: it imports
# its 97 KB table of named entities, which the site's trimmed standard library then need
# not ship.)
ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(text: object) -> str:
    """Escape text for HTML content and attribute values.

    >>> print(esc('<a href="x">Tom & Jerry</a>'))
    &lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;
    """
    return str(text).translate(ESCAPES)


def unbroken(text: object) -> str:
    """Text kept on one line (a date such as 2026-12-06 would break at its hyphens).

    >>> print(unbroken("2026-12-06"))
    <span class="unbroken">2026-12-06</span>
    """
    return f'<span class="unbroken">{esc(text)}</span>'


def attrs(**values: object) -> str:
    """`attrs(data_act="undo", disabled=True)` -> ` data-act="undo" disabled`.

    Underscores become dashes; False/None values are left out; True is a bare flag.
    A trailing underscore is dropped (`class_`).
    """
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(parts)


def button(
    label: str, act: str, arg: object = "", *, disabled: bool = False, **extra: object
) -> str:
    """A button the DOM layer routes by its `data-act` / `data-arg`."""
    extra.setdefault("class_", "btn")
    props = attrs(data_act=act, data_arg=arg or None, disabled=disabled, **extra)
    return f'<button type="button"{props}>{label}</button>'
