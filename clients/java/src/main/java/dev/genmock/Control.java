package dev.genmock;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** genmock's control API (/__mock) at one base URL, with the admin token as Bearer when given. */
final class Control {
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  final String baseUrl;
  private final String token;

  Control(String baseUrl, String token) {
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.token = token;
  }

  /** The parsed JSON answer of `method path` with `json` as its body (null: none); an error status throws. */
  Object call(String method, String path, String json) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60));
    HttpRequest.BodyPublisher body =
        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json);
    request.method(method, body);
    if (json != null) request.header("Content-Type", "application/json");
    if (token != null && !token.isEmpty()) request.header("Authorization", "Bearer " + token);
    HttpResponse<String> response;
    try {
      response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException("genmock: " + method + " " + path + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("genmock: interrupted", e);
    }
    if (response.statusCode() >= 400)
      throw new IllegalStateException(
          "genmock: " + method + " " + path + " answered " + response.statusCode() + ": " + response.body());
    return Json.parse(response.body());
  }
}
