package genmock

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The test binary's genmock: GENMOCK_URL's, else one started on the first world and stopped by
// Stop (genmock.Main calls it) or, on Linux, by the parent-death signal when the binary exits.
var (
	once    sync.Once
	found   control
	failure error
	started *exec.Cmd
	waited  chan struct{}
)

const readyTimeout = 60 * time.Second

func server() (control, error) {
	once.Do(func() { found, failure = findServer() })
	return found, failure
}

func findServer() (control, error) {
	token := os.Getenv("GENMOCK_ADMIN_TOKEN")
	if url := os.Getenv("GENMOCK_URL"); url != "" {
		return control{base: strings.TrimRight(url, "/"), token: token}, nil
	}
	bin := os.Getenv("GENMOCK_BIN")
	if bin == "" {
		path, err := exec.LookPath("genmock")
		if err != nil {
			return control{}, fmt.Errorf("genmock not found: set GENMOCK_URL to a running genmock, " +
				"GENMOCK_BIN to the executable, or put it on PATH as genmock")
		}
		bin = path
	}
	port, err := freePort()
	if err != nil {
		return control{}, err
	}
	// A token in GENMOCK_ADMIN_TOKEN locks the genmock started too: it reads that variable.
	cmd := exec.Command(bin, "--port", port, "--clock", "manual", "--log", "silent")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	dieWithParent(cmd.SysProcAttr)
	if err := cmd.Start(); err != nil {
		return control{}, fmt.Errorf("genmock: starting %s: %w", bin, err)
	}
	started, waited = cmd, make(chan struct{})
	var exitErr error
	go func() {
		exitErr = cmd.Wait()
		close(waited)
	}()
	c := control{base: "http://127.0.0.1:" + port, token: token}
	for deadline := time.Now().Add(readyTimeout); time.Now().Before(deadline); {
		select {
		case <-waited:
			started = nil
			return control{}, fmt.Errorf("genmock: %s exited before it answered: %v", bin, exitErr)
		default:
		}
		if res, err := http.Get(c.base + "/__mock/health"); err == nil {
			res.Body.Close()
			return c, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	Stop()
	return control{}, fmt.Errorf("genmock: %s did not answer in %s", bin, readyTimeout)
}

// freePort is GENMOCK_PORT, else a port the system has free.
func freePort() (string, error) {
	if port := os.Getenv("GENMOCK_PORT"); port != "" {
		return port, nil
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer listener.Close()
	return strconv.Itoa(listener.Addr().(*net.TCPAddr).Port), nil
}

// Stop stops the genmock the kit started, if it did; Main calls it after the tests.
func Stop() {
	if started == nil || started.Process == nil {
		return
	}
	_ = started.Process.Signal(syscall.SIGTERM)
	select {
	case <-waited:
	case <-time.After(15 * time.Second):
		_ = started.Process.Kill()
		<-waited
	}
	started = nil
}

// Main runs a package's tests and then stops the genmock the kit started: call it from TestMain.
//
//	func TestMain(m *testing.M) { genmock.Main(m) }
func Main(m interface{ Run() int }) {
	code := m.Run()
	Stop()
	os.Exit(code)
}
