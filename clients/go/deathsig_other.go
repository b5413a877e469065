//go:build !linux

package genmock

import "syscall"

// dieWithParent does nothing where there is no parent-death signal: call genmock.Main from TestMain.
func dieWithParent(*syscall.SysProcAttr) {}
