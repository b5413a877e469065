package dev.genmock;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * One test's account on genmock, with its own key and a clock of its own: the client sends its
 * requests to {@link #baseUrl()} with {@link #apiKey()}, and the clock moves only when the test
 * moves it. {@link GenmockExtension} makes one per {@code World} parameter.
 */
public final class World {
  private final Control control;
  private final String apiKey;
  private final String accountId;
  private final String path;
  private final Set<String> expected = new ConcurrentSkipListSet<>();

  World(Control control) {
    this.control = control;
    Map<?, ?> account = (Map<?, ?>) control.call("POST", "/__mock/accounts", "{\"clock\":\"own\"}");
    this.apiKey = (String) account.get("apiKey");
    this.accountId = (String) account.get("id");
    this.path = "/__mock/accounts/" + encode(accountId);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Where the client sends its requests: the service's base URL. */
  public String baseUrl() {
    return control.baseUrl;
  }

  /** The account's API key. */
  public String apiKey() {
    return apiKey;
  }

  /** The account's id. */
  public String accountId() {
    return accountId;
  }

  /** Moves the world's clock forward; its tasks' due changes apply in time order. */
  public void advance(double seconds) {
    control.call("POST", path + "/clock/advance", "{\"seconds\":" + seconds + "}");
  }

  /** Moves the clock to the next scheduled change of one of its tasks. */
  public void nextEvent() {
    control.call("POST", path + "/clock/advance", "{\"until\":\"next-event\"}");
  }

  /** Moves the clock change by change until none of its tasks is pending (at most 7 simulated days). */
  public void untilIdle() {
    control.call("POST", path + "/clock/advance", "{\"until\":\"idle\"}");
  }

  /** The world's simulated now, ISO 8601. */
  public String now() {
    return (String) ((Map<?, ?>) control.call("GET", path + "/clock", null)).get("now");
  }

  /** The account's tasks, newest first. */
  public List<Task> tasks() {
    List<Task> tasks = new ArrayList<>();
    String cursor = null;
    do {
      String query = "/__mock/tasks?limit=1000&account=" + encode(accountId)
          + (cursor == null ? "" : "&cursor=" + encode(cursor));
      Map<?, ?> page = (Map<?, ?>) control.call("GET", query, null);
      for (Object item : (List<?>) page.get("tasks")) {
        Map<?, ?> task = (Map<?, ?>) item;
        tasks.add(new Task((String) task.get("taskId"), ((Number) task.get("status")).intValue()));
      }
      cursor = (String) page.get("nextCursor");
    } while (cursor != null);
    return tasks;
  }

  /** The account's conformance findings, newest first. */
  public List<Finding> findings() {
    Map<?, ?> answer = (Map<?, ?>) control.call("GET", "/__mock/conformance?account=" + encode(accountId), null);
    List<Finding> findings = new ArrayList<>();
    for (Object item : (List<?>) answer.get("findings")) {
      Map<?, ?> f = (Map<?, ?>) item;
      findings.add(new Finding(
          (String) f.get("rule"), (String) f.get("severity"), (String) f.get("message"), (String) f.get("taskId")));
    }
    return findings;
  }

  /**
   * The test breaks {@code rule} on purpose: its findings of that rule do not fail the test, and
   * the test fails if the client never broke it.
   */
  public void expectFinding(String rule) {
    expected.add(rule);
  }

  /** Throws AssertionError naming each rule broken and not expected, or expected and never broken. */
  void check() {
    List<Finding> findings = findings();
    Set<String> missing = new TreeSet<>(expected);
    List<String> errors = new ArrayList<>();
    for (Finding f : findings) {
      missing.remove(f.rule());
      if (f.severity().equals("error") && !expected.contains(f.rule()))
        errors.add("  " + f.rule() + ": " + f.message());
    }
    if (!missing.isEmpty())
      throw new AssertionError("genmock: the test expected findings of " + String.join(", ", missing)
          + " (expectFinding), and the client broke no such rule");
    if (!errors.isEmpty())
      throw new AssertionError("genmock: the client broke " + errors.size() + " conformance rule(s) of the interface:\n"
          + String.join("\n", errors));
  }
}
