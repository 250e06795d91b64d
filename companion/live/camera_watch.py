"""Camera drops as alerts: the players see at once that the companion has gone blind, and when it is back.

A drop raises one session alert of kind ``camera`` (journaled like any alert); the first picture
after it resolves that alert as ``fixed``. A drop while no game is running is only a status.
"""

from __future__ import annotations

from typing import Any, Callable

DROP_MESSAGE = ("The camera stopped sending pictures ({name}); the game waits for it. "
                "Check its cable or Wi-Fi, or go on from the tablet.")


class CameraWatch:
    """Tracks whether the camera delivers; turns a drop into an alert and recovery into its resolution."""

    def __init__(self, session: Callable[[], Any], camera_name: str) -> None:
        self._session = session
        self.camera_name = camera_name
        self.dropped = False
        self.drops = 0
        self._alert: tuple[Any, int] | None = None    # (session, alert id) raised for the current drop

    def frame_missing(self) -> bool:
        """Report a read that gave no picture; True when this starts a drop (the state changed)."""
        if self.dropped:
            return False
        self.dropped = True
        self.drops += 1
        session = self._session()
        if session is not None:
            alert = session.raise_alert(DROP_MESSAGE.format(name=self.camera_name), kind="camera",
                                        rule="camera", key="alerts.camera_drop", values={"camera": self.camera_name})
            self._alert = (session, alert.id)
        return True

    def frame_arrived(self) -> bool:
        """Report a picture; True when this ends a drop (its alert is resolved)."""
        if not self.dropped:
            return False
        self.dropped = False
        if self._alert is not None:
            session, alert_id = self._alert
            self._alert = None
            if any(alert.id == alert_id and alert.resolved is None for alert in session.alerts):
                session.resolve_alert(alert_id, "fixed")
        return True
