# syntax=docker/dockerfile:1
# Multi-stage build: a static binary (modernc.org/sqlite is pure Go, so CGO_ENABLED=0)
# on a minimal base, running as a non-root user, with the database on a volume.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/looplab ./cmd/looplab \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/looplab /usr/local/bin/looplab
COPY --from=build --chown=nonroot:nonroot /out/data /data
USER nonroot:nonroot
ENV LOOPLAB_ADDR=:8080 \
    LOOPLAB_DB=/data/looplab.db
VOLUME ["/data"]
EXPOSE 8080
# The binary checks itself: no curl or shell in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/looplab", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/looplab"]
CMD ["serve"]
