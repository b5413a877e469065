// Package genmock is genmock's test kit for Go (docs/test-kit-languages.md): a world per test, a
// fresh account on a genmock with its own key and clock, whose unexpected error findings fail the
// test. Standard library only.
package genmock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// control is genmock's control API (/__mock) at one base URL, with the admin token as Bearer.
type control struct {
	base  string
	token string
}

var client = &http.Client{Timeout: 60 * time.Second}

// call sends a control request and decodes its JSON answer into out; an error status is an error.
func (c control) call(method, path string, body any, out any) error {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, reader)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("genmock: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	text, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode >= 400 {
		return fmt.Errorf("genmock: %s %s answered %d: %s", method, path, res.StatusCode, strings.TrimSpace(string(text)))
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(text, out)
}
