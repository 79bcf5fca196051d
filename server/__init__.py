"""The online tables' server: the built site and Socket.IO on one origin (spec/online-tables.md)."""
