{{- define "preflight.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "preflight.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "preflight.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "preflight.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{- define "preflight.secretName" -}}
{{- .Values.secrets.existingSecret | default (include "preflight.fullname" .) -}}
{{- end -}}

{{/* Secrets are files read through the *_FILE variables: never in the environment of a process. */}}
{{- define "preflight.secretEnv" -}}
- name: SERVICE_ADMIN_TOKEN_FILE
  value: /run/secrets/preflight/admin-token
- name: SERVICE_MASTER_KEY_FILE
  value: /run/secrets/preflight/master-key
- name: MONGODB_URL_FILE
  value: /run/secrets/preflight/mongodb-url
- name: REDIS_URL_FILE
  value: /run/secrets/preflight/redis-url
{{- if .Values.secrets.oidcClientSecret }}
- name: OIDC_CLIENT_SECRET_FILE
  value: /run/secrets/preflight/oidc-client-secret
{{- end }}
{{- end -}}

{{- define "preflight.secretVolume" -}}
- name: secrets
  secret:
    secretName: {{ include "preflight.secretName" . }}
    defaultMode: 0440
{{- end -}}

{{- define "preflight.podSecurity" -}}
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  fsGroup: 1000
{{- end -}}

{{- define "preflight.containerSecurity" -}}
securityContext:
  allowPrivilegeEscalation: false
  capabilities:
    drop: [ALL]
{{- end -}}
