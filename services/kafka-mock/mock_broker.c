/*
 * mock_broker: a Kafka-protocol broker for local tests, built on librdkafka's mock cluster
 * (rdkafka_mock.h, librdkafka >= 1.4; written against Debian's librdkafka-dev 2.0.2).
 *
 *   mock_broker [--port N] [--brokers N] [--partitions N] [--topics a,b,c] [--ready-file PATH]
 *
 * --port N        listen on 127.0.0.1:N (N, N+1, ... for several brokers) instead of a random
 *                 port; if that port cannot be bound, a random one is used and a warning logged.
 * --ready-file P  once the cluster is up, write its bootstrap servers ("127.0.0.1:port,...")
 *                 to P (atomically, via P.tmp + rename). They are also printed on stdout.
 *
 * Runs until SIGTERM, SIGINT or SIGHUP, then destroys the cluster and exits 0.
 * All data lives in memory only; the mock keeps about the last 5 MB per partition.
 *
 * Two things go beyond the public mock API, both checked at run time:
 *
 *  1. The mock never sets its controller id, so Metadata responses name controller 0, a broker
 *     that does not exist; kafkajs then fails admin calls and idempotent producers with
 *     "Broker 0 not found". We set the private field rd_kafka_mock_cluster_s.controller_id to
 *     the first broker id (1). Its layout has been the same from librdkafka 1.4 to 2.x:
 *         struct rd_kafka_mock_cluster_s { char id[32]; rd_kafka_t *rk; int32_t controller_id; ...
 *     (src/rdkafka_mock_int.h), i.e. offset 40 on LP64. We only write it when the public
 *     accessor rd_kafka_mock_cluster_handle() returns the pointer found at .rk and .id is a
 *     NUL-terminated string, and the current value is 0 or -1 (unset).
 *
 *  2. The mock binds its listeners to 127.0.0.1 port 0. To keep a stable port across restarts
 *     this program defines bind(): while the cluster is being created it rewrites a loopback
 *     port-0 bind to the requested port (the executable's symbol takes precedence over libc's
 *     for librdkafka's calls), and calls the real bind via dlsym(RTLD_NEXT).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

/* ---- stable port: bind() interposition ------------------------------------------------ */

static volatile int bind_rewrite_active = 0; /* only while rd_kafka_mock_cluster_new() runs */
static int bind_base_port = 0;
static int bind_count = 0;

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
        static bind_fn real_bind = NULL;
        if (!real_bind) {
                real_bind = (bind_fn)dlsym(RTLD_NEXT, "bind");
                if (!real_bind) {
                        errno = ENOSYS;
                        return -1;
                }
        }
        if (bind_rewrite_active && bind_base_port > 0 && addr &&
            addr->sa_family == AF_INET && len >= (socklen_t)sizeof(struct sockaddr_in)) {
                const struct sockaddr_in *in = (const struct sockaddr_in *)addr;
                if (in->sin_port == 0 && in->sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
                        struct sockaddr_in want = *in;
                        int port = bind_base_port + bind_count++;
                        int on = 1;
                        if (port > 0 && port < 65536) {
                                want.sin_port = htons((uint16_t)port);
                                (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on,
                                                 sizeof(on));
                                if (real_bind(fd, (const struct sockaddr *)&want,
                                              sizeof(want)) == 0)
                                        return 0;
                                fprintf(stderr,
                                        "mock_broker: warning: cannot bind 127.0.0.1:%d "
                                        "(%s); using a random port\n",
                                        port, strerror(errno));
                        }
                }
        }
        return real_bind(fd, addr, len);
}

/* ---- controller id (private struct prefix, see header comment) ---------------------- */

struct mock_cluster_prefix {
        char id[32];
        rd_kafka_t *rk;
        int32_t controller_id;
};

_Static_assert(sizeof(void *) != 8 ||
                   offsetof(struct mock_cluster_prefix, controller_id) == 40,
               "unexpected layout on LP64");

static int set_controller_id(rd_kafka_mock_cluster_t *mcluster, int32_t id) {
        struct mock_cluster_prefix *p = (struct mock_cluster_prefix *)mcluster;
        int32_t cur;

        if (p->rk != rd_kafka_mock_cluster_handle(mcluster)) {
                fprintf(stderr, "mock_broker: warning: mock cluster layout not recognized "
                                "(rk mismatch); controller id left unset\n");
                return -1;
        }
        if (!memchr(p->id, '\0', sizeof(p->id))) {
                fprintf(stderr, "mock_broker: warning: mock cluster layout not recognized "
                                "(id); controller id left unset\n");
                return -1;
        }
        cur = __atomic_load_n(&p->controller_id, __ATOMIC_SEQ_CST);
        if (cur != 0 && cur != -1 && cur != id) {
                fprintf(stderr, "mock_broker: warning: controller id is already %d; "
                                "left unchanged\n", (int)cur);
                return -1;
        }
        __atomic_store_n(&p->controller_id, id, __ATOMIC_SEQ_CST);
        fprintf(stderr, "mock_broker: cluster id %s, controller id %d -> %d\n", p->id,
                (int)cur, (int)id);
        return 0;
}

/* ---- helpers ---------------------------------------------------------------------------- */

static void log_cb(const rd_kafka_t *rk, int level, const char *fac, const char *buf) {
        (void)rk;
        /* The helper client instance has no bootstrap.servers on purpose. */
        if (strstr(buf, "bootstrap.servers"))
                return;
        fprintf(stderr, "mock_broker: rdkafka[%d] %s: %s\n", level, fac, buf);
}

static int parse_int(const char *s, const char *what, int min, int max) {
        char *end = NULL;
        long v;
        errno = 0;
        v = strtol(s, &end, 10);
        if (errno || !end || *end || v < min || v > max) {
                fprintf(stderr, "mock_broker: invalid %s: %s\n", what, s);
                exit(2);
        }
        return (int)v;
}

static int write_ready_file(const char *path, const char *content) {
        size_t n = strlen(path) + 5;
        char *tmp = malloc(n);
        FILE *f;
        if (!tmp)
                return -1;
        snprintf(tmp, n, "%s.tmp", path);
        f = fopen(tmp, "w");
        if (!f) {
                free(tmp);
                return -1;
        }
        fprintf(f, "%s\n", content);
        if (fclose(f) != 0 || rename(tmp, path) != 0) {
                free(tmp);
                return -1;
        }
        free(tmp);
        return 0;
}

static void usage(void) {
        fprintf(stderr, "usage: mock_broker [--port N] [--brokers N] [--partitions N] "
                        "[--topics a,b,c] [--ready-file PATH]\n");
        exit(2);
}

int main(int argc, char **argv) {
        int port = 0, brokers = 1, partitions = 4, i, sig = 0;
        const char *topics = "", *ready_file = NULL;
        char errstr[512];
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;
        rd_kafka_mock_cluster_t *mcluster;
        const char *bootstraps;
        sigset_t set;

        for (i = 1; i < argc; i++) {
                const char *a = argv[i];
                if (i + 1 >= argc)
                        usage();
                if (!strcmp(a, "--port"))
                        port = parse_int(argv[++i], "port", 0, 65535);
                else if (!strcmp(a, "--brokers"))
                        brokers = parse_int(argv[++i], "broker count", 1, 16);
                else if (!strcmp(a, "--partitions"))
                        partitions = parse_int(argv[++i], "partition count", 1, 1000);
                else if (!strcmp(a, "--topics"))
                        topics = argv[++i];
                else if (!strcmp(a, "--ready-file"))
                        ready_file = argv[++i];
                else
                        usage();
        }

        /* Block the stop signals in every thread (librdkafka's threads inherit this mask);
         * main waits for them with sigwait(). */
        sigemptyset(&set);
        sigaddset(&set, SIGTERM);
        sigaddset(&set, SIGINT);
        sigaddset(&set, SIGHUP);
        pthread_sigmask(SIG_BLOCK, &set, NULL);
        signal(SIGPIPE, SIG_IGN);

        conf = rd_kafka_conf_new();
        rd_kafka_conf_set_log_cb(conf, log_cb);
        if (rd_kafka_conf_set(conf, "client.id", "answerscope-mock-broker", errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK) {
                fprintf(stderr, "mock_broker: %s\n", errstr);
                return 1;
        }
        rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, "mock_broker: rd_kafka_new failed: %s\n", errstr);
                return 1;
        }

        bind_base_port = port;
        bind_count = 0;
        bind_rewrite_active = 1;
        mcluster = rd_kafka_mock_cluster_new(rk, brokers);
        bind_rewrite_active = 0;
        if (!mcluster) {
                fprintf(stderr, "mock_broker: rd_kafka_mock_cluster_new failed\n");
                rd_kafka_destroy(rk);
                return 1;
        }

        /* Broker ids are 1..brokers. */
        set_controller_id(mcluster, 1);

        if (*topics) {
                char *list = strdup(topics), *save = NULL, *t;
                for (t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                        rd_kafka_resp_err_t err;
                        while (*t == ' ')
                                t++;
                        if (!*t)
                                continue;
                        err = rd_kafka_mock_topic_create(mcluster, t, partitions,
                                                         brokers < 3 ? brokers : 3);
                        if (err) {
                                fprintf(stderr, "mock_broker: cannot create topic %s: %s\n",
                                        t, rd_kafka_err2str(err));
                                free(list);
                                rd_kafka_mock_cluster_destroy(mcluster);
                                rd_kafka_destroy(rk);
                                return 1;
                        }
                }
                free(list);
        }

        bootstraps = rd_kafka_mock_cluster_bootstraps(mcluster);
        fprintf(stderr, "mock_broker: librdkafka %s, %d broker(s) at %s, topics [%s] x %d "
                        "partitions, pid %d\n",
                rd_kafka_version_str(), brokers, bootstraps, topics, partitions,
                (int)getpid());
        printf("%s\n", bootstraps);
        fflush(stdout);
        if (ready_file && write_ready_file(ready_file, bootstraps) != 0) {
                fprintf(stderr, "mock_broker: cannot write %s: %s\n", ready_file,
                        strerror(errno));
                rd_kafka_mock_cluster_destroy(mcluster);
                rd_kafka_destroy(rk);
                return 1;
        }

        while (sigwait(&set, &sig) != 0)
                ;
        fprintf(stderr, "mock_broker: signal %d, shutting down\n", sig);

        rd_kafka_mock_cluster_destroy(mcluster);
        rd_kafka_destroy(rk);
        if (ready_file)
                unlink(ready_file);
        return 0;
}
