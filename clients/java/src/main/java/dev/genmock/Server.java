package dev.genmock;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JVM's genmock: GENMOCK_URL's, else one started on the first world from GENMOCK_BIN or a
 * `genmock` on PATH, on GENMOCK_PORT or a free port, stopped when the JVM exits.
 */
final class Server {
  private static final Duration READY = Duration.ofSeconds(60);
  private static Control found;
  private static Process started;

  private Server() {}

  static synchronized Control control() {
    if (found == null) found = find();
    return found;
  }

  private static Control find() {
    String token = System.getenv("GENMOCK_ADMIN_TOKEN");
    String url = System.getenv("GENMOCK_URL");
    if (url != null && !url.isEmpty()) return new Control(url, token);
    String bin = System.getenv("GENMOCK_BIN");
    if (bin == null || bin.isEmpty()) bin = onPath("genmock");
    if (bin == null)
      throw new IllegalStateException(
          "genmock not found: set GENMOCK_URL to a running genmock, GENMOCK_BIN to the executable, "
              + "or put it on PATH as genmock");
    String port = port();
    // A token in GENMOCK_ADMIN_TOKEN locks the genmock started too: it reads that variable.
    List<String> command = List.of(bin, "--port", port, "--clock", "manual", "--log", "silent");
    try {
      started = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT)
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    } catch (IOException e) {
      throw new IllegalStateException("genmock: starting " + bin + ": " + e.getMessage(), e);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(Server::stop));
    String base = "http://127.0.0.1:" + port;
    waitForHealth(base, bin);
    return new Control(base, token);
  }

  private static void waitForHealth(String base, String bin) {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest health =
        HttpRequest.newBuilder(URI.create(base + "/__mock/health")).timeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + READY.toNanos();
    while (System.nanoTime() < deadline) {
      if (!started.isAlive())
        throw new IllegalStateException("genmock: " + bin + " exited " + started.exitValue() + " before it answered");
      try {
        client.send(health, HttpResponse.BodyHandlers.discarding());
        return;
      } catch (IOException e) {
        sleep();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    stop();
    throw new IllegalStateException("genmock: " + bin + " did not answer in " + READY.toSeconds() + " seconds");
  }

  /** Stops the genmock this JVM started, if it did. */
  static synchronized void stop() {
    if (started == null) return;
    started.destroy();
    try {
      if (!started.waitFor(15, TimeUnit.SECONDS)) started.destroyForcibly().waitFor();
    } catch (InterruptedException e) {
      started.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    started = null;
  }

  private static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String port() {
    String port = System.getenv("GENMOCK_PORT");
    if (port != null && !port.isEmpty()) return port;
    try (ServerSocket socket = new ServerSocket(0)) {
      return String.valueOf(socket.getLocalPort());
    } catch (IOException e) {
      throw new IllegalStateException("genmock: no free port: " + e.getMessage(), e);
    }
  }

  private static String onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File file = new File(dir.isEmpty() ? "." : dir, name);
      if (file.canExecute()) return file.getPath();
    }
    return null;
  }
}
