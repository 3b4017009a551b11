// compose-check: loads a compose file as `docker compose config` does (compose-go: the Compose
// schema, interpolation, merge keys, normalization) where Docker is not installed, and prints
// each service's image, published ports and secrets. Used by scripts/check-deploy.sh.
package main

import (
	"context"
	"fmt"
	"os"
	"sort"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	file := "docker-compose.yml"
	if len(os.Args) > 1 {
		file = os.Args[1]
	}
	opts, err := cli.NewProjectOptions([]string{file}, cli.WithOsEnv, cli.WithName("preflight"))
	if err != nil {
		fail(err)
	}
	project, err := opts.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	names := project.ServiceNames()
	sort.Strings(names)
	for _, name := range names {
		s := project.Services[name]
		var ports []string
		for _, p := range s.Ports {
			ports = append(ports, fmt.Sprintf("%s->%d", p.Published, p.Target))
		}
		var secrets []string
		for _, sec := range s.Secrets {
			secrets = append(secrets, sec.Source)
		}
		fmt.Printf("service %s: image=%s build=%t ports=%v secrets=%v\n", name, s.Image, s.Build != nil, ports, secrets)
	}
	fmt.Println("valid:", file)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "invalid:", err)
	os.Exit(1)
}
