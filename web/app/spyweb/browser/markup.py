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


def hint_words(prefix: str, move: str, why: str, why_id: str | None = None) -> str:
    """A Hint's advice: the move, then its reason, as two sentences in two paragraphs,
    which a screen reader reads apart (run together, they were "…and pass to Agent
    VesperCounting your own cards…"). `prefix` names the game's classes ("esp").

    >>> html = hint_words("dos", "Counter with 2♣ 4♥", "It saves your Ace.")
    >>> '<b>Counter with 2♣ 4♥.</b></p> <p class="dos-hint-why">It saves' in html
    True
    """
    from spygames.i18n import _, full_stop  # here: the worker imports this before spygames

    move = full_stop(move.strip())
    tag = _("Hint")
    return (
        f'<p><span class="{prefix}-hint-tag">{tag}</span> <b>{esc(move)}</b></p> '
        f"<p{attrs(class_=f'{prefix}-hint-why', id=why_id)}>{esc(why)}</p>"
    )


def button(
    label: str, act: str, arg: object = "", *, disabled: bool = False, **extra: object
) -> str:
    """A button the DOM layer routes by its `data-act` / `data-arg`."""
    extra.setdefault("class_", "btn")
    props = attrs(data_act=act, data_arg=arg or None, disabled=disabled, **extra)
    return f'<button type="button"{props}>{label}</button>'
