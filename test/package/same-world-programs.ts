/**
 * One scenario written for each of the six kits (docs/test-kit-languages.md, A world in each kit),
 * each test writing what it saw as JSON to KIT_SUMMARY: two worlds in one test; an image
 * submitted in the first, its task pending after 1 s of that world's clock and completed after
 * until-idle; a relay submit without its Idempotency-Key, its finding expected; each clock's
 * seconds moved; each world's finding rules.
 */

/** What every kit must report, on a genmock whose default scenario completes an image after 10 s. */
export const SAME = {
  afterOneSecond: [0],
  afterIdle: [1],
  relayStatus: 400,
  clockA: 10,
  clockB: 0,
  findingsA: ['relay-without-key'],
  findingsB: [],
}

const JS_SCENARIO = `const seconds = (from, to) => (Date.parse(to) - Date.parse(from)) / 1000

async function scenario(world, other) {
  const startA = await world.clock.now()
  const startB = await other.clock.now()
  const headers = { authorization: 'Bearer ' + world.apiKey, 'content-type': 'application/json' }
  const post = (body) =>
    fetch(world.baseUrl + '/api/ai/image/generate', { method: 'POST', headers, body: JSON.stringify(body) })
  await post({ model: 'base-image-2', prompt: 'a red fox in the snow' })
  await world.clock.advance(1)
  const afterOneSecond = (await world.tasks()).map((task) => task.status)
  await world.clock.untilIdle()
  const afterIdle = (await world.tasks()).map((task) => task.status)
  world.expectFinding('relay-without-key')
  const relay = await post({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' })
  const summary = {
    afterOneSecond,
    afterIdle,
    relayStatus: relay.status,
    clockA: seconds(startA, await world.clock.now()),
    clockB: seconds(startB, await other.clock.now()),
    findingsA: (await world.findings()).map((finding) => finding.rule).sort(),
    findingsB: (await other.findings()).map((finding) => finding.rule).sort(),
  }
  require('node:fs').writeFileSync(process.env.KIT_SUMMARY, JSON.stringify(summary))
}
`

export const VITEST = `import { createRequire } from 'node:module'
import { test } from 'genmock/vitest'

const require = createRequire(import.meta.url)
${JS_SCENARIO}
test('the same world', async ({ world, newWorld }) => scenario(world, await newWorld()))
`

export const JEST = `const genmock = require('genmock/jest').useGenmock()
${JS_SCENARIO}
test('the same world', async () => scenario(genmock.world, await genmock.newWorld()))
`

export const PLAYWRIGHT = `import { createRequire } from 'node:module'
import { test } from 'genmock/playwright'

const require = createRequire(import.meta.url)
${JS_SCENARIO}
test('the same world', async ({ world, newWorld }) => scenario(world, await newWorld()))
`

export const PYTEST = `import json
import os
from datetime import datetime

from genmock import request


def seconds(start, end):
    def parse(text):
        return datetime.fromisoformat(text.replace("Z", "+00:00"))

    return (parse(end) - parse(start)).total_seconds()


def test_the_same_world(genmock_world, genmock_server):
    world, other = genmock_world, genmock_server.new_world()
    start_a, start_b = world.now(), other.now()
    key = {"authorization": f"Bearer {world.api_key}"}

    def post(body):
        return request(world.base_url, "POST", "/api/ai/image/generate", body, key)[0]

    post({"model": "base-image-2", "prompt": "a red fox in the snow"})
    world.advance(1)
    after_one_second = [task["status"] for task in world.tasks()]
    world.until_idle()
    after_idle = [task["status"] for task in world.tasks()]
    world.expect_finding("relay-without-key")
    relay = post({"provider": "relay", "model": "base-image-2", "prompt": "a fox", "resolution": "2K"})
    summary = {
        "afterOneSecond": after_one_second,
        "afterIdle": after_idle,
        "relayStatus": relay,
        "clockA": seconds(start_a, world.now()),
        "clockB": seconds(start_b, other.now()),
        "findingsA": sorted(f["rule"] for f in world.findings()),
        "findingsB": sorted(f["rule"] for f in other.findings()),
    }
    with open(os.environ["KIT_SUMMARY"], "w") as file:
        json.dump(summary, file)
`

export const GO = `package client_test

import (
	"encoding/json"
	"os"
	"sort"
	"testing"
	"time"

	genmock "github.com/genmock/genmock/clients/go"
)

func statuses(t *testing.T, world *genmock.World) []int {
	tasks, err := world.Tasks()
	if err != nil {
		t.Fatal(err)
	}
	out := []int{}
	for _, task := range tasks {
		out = append(out, task.Status)
	}
	return out
}

func rules(t *testing.T, world *genmock.World) []string {
	findings, err := world.Findings()
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, finding := range findings {
		out = append(out, finding.Rule)
	}
	sort.Strings(out)
	return out
}

func now(t *testing.T, world *genmock.World) time.Time {
	text, err := world.Now()
	if err != nil {
		t.Fatal(err)
	}
	at, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func TestTheSameWorld(t *testing.T) {
	t.Parallel()
	world, other := genmock.NewWorld(t), genmock.NewWorld(t)
	startA, startB := now(t, world), now(t, other)
	submit(t, world, \`{"model":"base-image-2","prompt":"a red fox in the snow"}\`)
	if err := world.Advance(1); err != nil {
		t.Fatal(err)
	}
	afterOneSecond := statuses(t, world)
	if err := world.UntilIdle(); err != nil {
		t.Fatal(err)
	}
	afterIdle := statuses(t, world)
	world.ExpectFinding("relay-without-key")
	relayStatus := submit(t, world, relay)
	summary, _ := json.Marshal(map[string]any{
		"afterOneSecond": afterOneSecond, "afterIdle": afterIdle, "relayStatus": relayStatus,
		"clockA": now(t, world).Sub(startA).Seconds(), "clockB": now(t, other).Sub(startB).Seconds(),
		"findingsA": rules(t, world), "findingsB": rules(t, other),
	})
	if err := os.WriteFile(os.Getenv("KIT_SUMMARY"), summary, 0o644); err != nil {
		t.Fatal(err)
	}
}
`

export const JUNIT = `import dev.genmock.Finding;
import dev.genmock.GenmockExtension;
import dev.genmock.Task;
import dev.genmock.World;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(GenmockExtension.class)
class SameWorldTest {
  static String statuses(World world) {
    return world.tasks().stream().map(Task::status).collect(Collectors.toList()).toString();
  }

  static String rules(World world) {
    return world.findings().stream().map(Finding::rule).sorted().map(rule -> "\\"" + rule + "\\"")
        .collect(Collectors.joining(",", "[", "]"));
  }

  static double seconds(String start, String end) {
    return Duration.between(Instant.parse(start), Instant.parse(end)).toMillis() / 1000.0;
  }

  @Test
  void theSameWorld(World world, World other) throws Exception {
    String startA = world.now();
    String startB = other.now();
    ImageTest.submit(world, "{\\"model\\":\\"base-image-2\\",\\"prompt\\":\\"a red fox in the snow\\"}");
    world.advance(1);
    String afterOneSecond = statuses(world);
    world.untilIdle();
    String afterIdle = statuses(world);
    world.expectFinding("relay-without-key");
    int relayStatus = ImageTest.submit(world, ImageTest.RELAY);
    String summary = "{\\"afterOneSecond\\":" + afterOneSecond + ",\\"afterIdle\\":" + afterIdle
        + ",\\"relayStatus\\":" + relayStatus + ",\\"clockA\\":" + seconds(startA, world.now())
        + ",\\"clockB\\":" + seconds(startB, other.now()) + ",\\"findingsA\\":" + rules(world)
        + ",\\"findingsB\\":" + rules(other) + "}";
    Files.writeString(Path.of(System.getenv("KIT_SUMMARY")), summary);
  }
}
`
