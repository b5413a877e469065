package genmock

import "syscall"

// dieWithParent asks Linux to send genmock SIGTERM when the test binary exits, however it exits.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGTERM }
