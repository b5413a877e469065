package dev.genmock;

/** A conformance finding: a rule of the interface the client broke, how badly, and what it did. */
public record Finding(String rule, String severity, String message, String taskId) {}
