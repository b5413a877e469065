package genmock

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Finding is a conformance finding: a rule of the interface the client broke.
type Finding struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	At        string `json:"at"`
	TaskID    string `json:"taskId,omitempty"`
	AccountID string `json:"accountId"`
}

// Task is a task of the world's account as the control API lists it.
type Task struct {
	TaskID      string `json:"taskId"`
	Status      int    `json:"status"`
	CreditsUsed int    `json:"creditsUsed"`
	Provider    string `json:"provider"`
	AccountID   string `json:"accountId"`
}

// World is one test's account on genmock, with its own key and a clock of its own: the client
// sends its requests to BaseURL with APIKey, and the clock moves only when the test moves it.
type World struct {
	BaseURL   string
	APIKey    string
	AccountID string
	control   control
	path      string
	mu        sync.Mutex
	expected  map[string]bool
}

// NewWorld makes a fresh world for t (genmock found or started on the first call of the test
// binary); after the test, an error finding t did not expect (ExpectFinding) fails it, naming
// the rule. Each call is another world.
func NewWorld(t testing.TB) *World {
	t.Helper()
	c, err := server()
	if err != nil {
		t.Fatal(err)
	}
	var account struct {
		ID     string `json:"id"`
		APIKey string `json:"apiKey"`
	}
	if err := c.call("POST", "/__mock/accounts", map[string]string{"clock": "own"}, &account); err != nil {
		t.Fatal(err)
	}
	w := &World{
		BaseURL: c.base, APIKey: account.APIKey, AccountID: account.ID, control: c,
		path: "/__mock/accounts/" + url.PathEscape(account.ID), expected: map[string]bool{},
	}
	t.Cleanup(func() {
		if err := w.check(); err != nil {
			t.Error(err)
		}
	})
	return w
}

func (w *World) advance(by map[string]any) error {
	return w.control.call("POST", w.path+"/clock/advance", by, nil)
}

// Advance moves the world's clock forward; its tasks' due changes apply in time order.
func (w *World) Advance(seconds float64) error { return w.advance(map[string]any{"seconds": seconds}) }

// NextEvent moves the clock to the next scheduled change of one of its tasks.
func (w *World) NextEvent() error { return w.advance(map[string]any{"until": "next-event"}) }

// UntilIdle moves the clock change by change until none of its tasks is pending (at most 7 days).
func (w *World) UntilIdle() error { return w.advance(map[string]any{"until": "idle"}) }

// Now is the world's simulated now, ISO 8601.
func (w *World) Now() (string, error) {
	var clock struct {
		Now string `json:"now"`
	}
	err := w.control.call("GET", w.path+"/clock", nil, &clock)
	return clock.Now, err
}

// Tasks are the account's tasks, newest first.
func (w *World) Tasks() ([]Task, error) {
	var tasks []Task
	cursor := ""
	for {
		var page struct {
			Tasks      []Task `json:"tasks"`
			NextCursor string `json:"nextCursor"`
		}
		query := "/__mock/tasks?limit=1000&account=" + url.QueryEscape(w.AccountID)
		if cursor != "" {
			query += "&cursor=" + url.QueryEscape(cursor)
		}
		if err := w.control.call("GET", query, nil, &page); err != nil {
			return nil, err
		}
		tasks = append(tasks, page.Tasks...)
		if page.NextCursor == "" {
			return tasks, nil
		}
		cursor = page.NextCursor
	}
}

// Findings are the account's conformance findings, newest first.
func (w *World) Findings() ([]Finding, error) {
	var answer struct {
		Findings []Finding `json:"findings"`
	}
	err := w.control.call("GET", "/__mock/conformance?account="+url.QueryEscape(w.AccountID), nil, &answer)
	return answer.Findings, err
}

// ExpectFinding says the test breaks rule on purpose: its findings of that rule do not fail the
// test, and the test fails if the client never broke it.
func (w *World) ExpectFinding(rule string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.expected[rule] = true
}

// check is the error naming each rule broken and not expected, or expected and never broken.
func (w *World) check() error {
	findings, err := w.Findings()
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	broken := map[string]bool{}
	var lines []string
	for _, f := range findings {
		broken[f.Rule] = true
		if f.Severity == "error" && !w.expected[f.Rule] {
			lines = append(lines, fmt.Sprintf("  %s: %s", f.Rule, f.Message))
		}
	}
	var missing []string
	for rule := range w.expected {
		if !broken[rule] {
			missing = append(missing, rule)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		return fmt.Errorf("genmock: the test expected findings of %s (ExpectFinding), and the client broke no such rule",
			strings.Join(missing, ", "))
	}
	if len(lines) > 0 {
		return fmt.Errorf("genmock: the client broke %d conformance rule(s) of the interface:\n%s",
			len(lines), strings.Join(lines, "\n"))
	}
	return nil
}
