"""Play across machines: the protocol (docs/protocol.md), the authoritative host (a game table
served over websockets) and the client's connection to it; optional LAN discovery (zeroconf).
No arcade here: the client's screens read :class:`~stalkerzone.network.client.RemoteGame`.
"""
