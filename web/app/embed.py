"""Entry point of embed.html once a reader presses a control: hand the frame to Python."""

from spyweb.dom import start_embed

start_embed()
