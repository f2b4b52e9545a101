#!/bin/sh
# Starts this machine's Redis node (redis.conf) as a replica of the primary the sentinels name,
# so that a node coming back after a crash never starts as a second primary with older data.
# It starts as primary only when the sentinels name this node, or none answers (first start).
#   SENTINELS=10.0.0.21:26379,10.0.0.22:26379,10.0.0.23:26379 SELF=10.0.0.11:6379 start-redis.sh
set -eu
CONF=${CONF:-/etc/redis/bv-redis.conf}
MASTER=${MASTER:-bv-primary}
ask() {
  if [ -n "${REDIS_SENTINEL_PASSWORD:-}" ]; then REDISCLI_AUTH=$REDIS_SENTINEL_PASSWORD redis-cli "$@"; else redis-cli "$@"; fi
}
primary=""
for sentinel in $(echo "${SENTINELS:?host:port of each sentinel, comma-separated}" | tr ',' ' '); do
  primary=$(ask -h "${sentinel%:*}" -p "${sentinel##*:}" SENTINEL get-master-addr-by-name "$MASTER" 2>/dev/null | paste -sd: -) || primary=""
  # An address is host:port; anything else (no answer, an error) asks the next sentinel.
  case "$primary" in *" "* | "") primary="" ;; *:*) break ;; *) primary="" ;; esac
done
if [ -n "$primary" ] && [ "$primary" != "${SELF:?this node as host:port}" ]; then
  exec redis-server "$CONF" --replicaof "${primary%:*}" "${primary##*:}"
fi
exec redis-server "$CONF"
