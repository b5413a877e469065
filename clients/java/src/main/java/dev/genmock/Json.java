package dev.genmock;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The little JSON the control API answers with, read into maps, lists, strings, numbers and booleans. */
final class Json {
  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  /** The value `text` holds: Map, List, String, Double, Boolean or null. */
  static Object parse(String text) {
    Json json = new Json(text);
    Object value = json.value();
    json.space();
    if (json.at != text.length()) throw json.error();
    return value;
  }

  /** `value` as a JSON string literal. */
  static String quote(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c == '"' || c == '\\') out.append('\\').append(c);
      else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
      else out.append(c);
    }
    return out.append('"').toString();
  }

  private IllegalArgumentException error() {
    return new IllegalArgumentException("genmock: not JSON at character " + at + ": " + text);
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
  }

  private Object value() {
    space();
    if (at >= text.length()) throw error();
    char c = text.charAt(at);
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return string();
    for (String word : new String[] {"true", "false", "null"}) {
      if (text.startsWith(word, at)) {
        at += word.length();
        return word.equals("null") ? null : Boolean.valueOf(word);
      }
    }
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
    if (start == at) throw error();
    return Double.valueOf(text.substring(start, at));
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    at++;
    space();
    if (text.charAt(at) == '}') {
      at++;
      return map;
    }
    while (true) {
      space();
      String key = string();
      space();
      if (text.charAt(at++) != ':') throw error();
      map.put(key, value());
      space();
      char c = text.charAt(at++);
      if (c == '}') return map;
      if (c != ',') throw error();
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    at++;
    space();
    if (text.charAt(at) == ']') {
      at++;
      return list;
    }
    while (true) {
      list.add(value());
      space();
      char c = text.charAt(at++);
      if (c == ']') return list;
      if (c != ',') throw error();
    }
  }

  private String string() {
    if (text.charAt(at++) != '"') throw error();
    StringBuilder out = new StringBuilder();
    while (true) {
      char c = text.charAt(at++);
      if (c == '"') return out.toString();
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = text.charAt(at++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        }
        default -> out.append(e);
      }
    }
  }
}
