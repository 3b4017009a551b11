// kube-check: validates rendered Kubernetes manifests (stdin, `---`-separated) without a cluster or
// network schemas, by decoding each into the Kubernetes API's own Go types with unknown and
// mistyped fields refused, then checking what decoding cannot: selectors that match their pods,
// probes on declared ports. Used by test/deploy/helm.test.ts when Go is installed.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

func newObject(t typeMeta) (any, bool) {
	switch t.APIVersion + "/" + t.Kind {
	case "apps/v1/Deployment":
		return &appsv1.Deployment{}, true
	case "v1/Service":
		return &corev1.Service{}, true
	case "v1/ConfigMap":
		return &corev1.ConfigMap{}, true
	case "v1/Secret":
		return &corev1.Secret{}, true
	case "autoscaling/v2/HorizontalPodAutoscaler":
		return &autoscalingv2.HorizontalPodAutoscaler{}, true
	case "policy/v1/PodDisruptionBudget":
		return &policyv1.PodDisruptionBudget{}, true
	case "networking.k8s.io/v1/Ingress":
		return &networkingv1.Ingress{}, true
	case "batch/v1/Job":
		return &batchv1.Job{}, true
	}
	return nil, false
}

var dnsLabel = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

func checkPod(name string, spec corev1.PodSpec) []string {
	var errs []string
	if len(spec.Containers) == 0 {
		errs = append(errs, name+": no containers")
	}
	for _, c := range spec.Containers {
		ports := map[string]int32{}
		for _, p := range c.Ports {
			ports[p.Name] = p.ContainerPort
		}
		for kind, probe := range map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe} {
			if probe == nil || probe.HTTPGet == nil {
				continue
			}
			if port := probe.HTTPGet.Port; port.StrVal != "" && ports[port.StrVal] == 0 {
				errs = append(errs, fmt.Sprintf("%s: %s probe names port %q, which container %s does not declare", name, kind, port.StrVal, c.Name))
			}
		}
		if c.Image == "" {
			errs = append(errs, name+": container "+c.Name+" has no image")
		}
	}
	return errs
}

func matches(selector map[string]string, labels map[string]string) bool {
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return len(selector) > 0
}

func check(doc []byte) (string, []string) {
	var t typeMeta
	if err := yaml.Unmarshal(doc, &t); err != nil {
		return "?", []string{err.Error()}
	}
	obj, ok := newObject(t)
	if !ok {
		return t.Kind, []string{fmt.Sprintf("%s %s: not a kind this check knows", t.APIVersion, t.Kind)}
	}
	if err := yaml.UnmarshalStrict(doc, obj); err != nil {
		return t.Kind, []string{fmt.Sprintf("%s: %v", t.Kind, err)}
	}
	var errs []string
	switch o := obj.(type) {
	case *appsv1.Deployment:
		if o.Spec.Selector == nil || !matches(o.Spec.Selector.MatchLabels, o.Spec.Template.Labels) {
			errs = append(errs, o.Name+": selector does not match the pod template's labels")
		}
		errs = append(errs, checkPod(o.Name, o.Spec.Template.Spec)...)
	case *batchv1.Job:
		errs = append(errs, checkPod(o.Name, o.Spec.Template.Spec)...)
	case *corev1.Service:
		if len(o.Spec.Selector) == 0 || len(o.Spec.Ports) == 0 {
			errs = append(errs, o.Name+": a service needs a selector and ports")
		}
	}
	if name := metaName(obj); !dnsLabel.MatchString(name) || len(name) > 63 {
		errs = append(errs, fmt.Sprintf("%s: name %q is not a DNS label", t.Kind, name))
	}
	return t.Kind + "/" + metaName(obj), errs
}

func metaName(obj any) string {
	switch o := obj.(type) {
	case *appsv1.Deployment:
		return o.Name
	case *corev1.Service:
		return o.Name
	case *corev1.ConfigMap:
		return o.Name
	case *corev1.Secret:
		return o.Name
	case *autoscalingv2.HorizontalPodAutoscaler:
		return o.Name
	case *policyv1.PodDisruptionBudget:
		return o.Name
	case *networkingv1.Ingress:
		return o.Name
	case *batchv1.Job:
		return o.Name
	}
	return ""
}

func main() {
	input, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	failed, checked := 0, 0
	for _, doc := range strings.Split("\n"+string(input), "\n---") {
		if strings.TrimSpace(regexp.MustCompile(`(?m)^#.*$`).ReplaceAllString(doc, "")) == "" {
			continue
		}
		name, errs := check([]byte(doc))
		checked++
		for _, e := range errs {
			fmt.Println("invalid:", e)
		}
		if len(errs) > 0 {
			failed++
		} else {
			fmt.Println("valid:", name)
		}
	}
	fmt.Printf("%d checked, %d invalid\n", checked, failed)
	if failed > 0 || checked == 0 {
		os.Exit(1)
	}
}
