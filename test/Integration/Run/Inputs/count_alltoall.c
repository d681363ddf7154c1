/* Counts what MPI_Alltoall and MPI_Allgather send from this rank to the
 * others, through the MPI profiling interface (LD_PRELOADed into the ranks
 * by alltoall-bytes.test), and writes "alltoall_calls N alltoall_bytes B
 * allgather_calls N allgather_bytes B" to $TOFU_COUNT_DIR/rank<R>.<pid>.txt
 * when a process that made a call exits (tofu-run's rank supervisor,
 * preloaded too, makes none). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long long alltoallCalls, alltoallBytes, allgatherCalls, allgatherBytes;

/* The bytes of `count` elements to each of the other members of `comm`
 * (the block for this rank itself stays here). */
static long long toOthers(int count, MPI_Datatype type, MPI_Comm comm) {
  int size = 0, members = 0;
  PMPI_Type_size(type, &size);
  PMPI_Comm_size(comm, &members);
  return (long long)count * size * (members - 1);
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm) {
  ++alltoallCalls;
  alltoallBytes += toOthers(sendcount, sendtype, comm);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                       recvtype, comm);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm) {
  ++allgatherCalls;
  allgatherBytes += toOthers(sendcount, sendtype, comm);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                        recvtype, comm);
}

__attribute__((destructor)) static void writeCounts(void) {
  const char *dir = getenv("TOFU_COUNT_DIR");
  const char *rank = getenv("OMPI_COMM_WORLD_RANK");
  if (!dir || !rank || (!alltoallCalls && !allgatherCalls))
    return;
  char path[4096];
  snprintf(path, sizeof path, "%s/rank%s.%ld.txt", dir, rank, (long)getpid());
  FILE *f = fopen(path, "w");
  if (!f)
    return;
  fprintf(f,
          "alltoall_calls %lld alltoall_bytes %lld allgather_calls %lld "
          "allgather_bytes %lld\n",
          alltoallCalls, alltoallBytes, allgatherCalls, allgatherBytes);
  fclose(f);
}
