"""The game server: in process, over real sockets, in a browser."""
