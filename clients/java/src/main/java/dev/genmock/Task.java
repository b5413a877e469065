package dev.genmock;

/** A task of a world's account as the control API lists it: its id and status (0 pending, 1 completed, 2 failed). */
public record Task(String taskId, int status) {}
