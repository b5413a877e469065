module github.com/genmock/genmock/clients/go

go 1.19
