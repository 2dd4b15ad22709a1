package org.mpjtrace.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mpjtrace.agent.ApiMethod.Kind;
import org.mpjtrace.trace.Op;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The MPJ Express 0.44 API mpjtrace intercepts (mpiJava 1.2 names; descriptors from javap on mpj.jar),
 * with, for each method, which argument feeds which field of the record (see org.mpjtrace.trace.Event
 * for what the fields mean per op family).
 */
final class ApiTable {
    private static final Set<String> COMMS = Set.of("mpi/Comm", "mpi/Intracomm", "mpi/Cartcomm", "mpi/Graphcomm", "mpi/Intercomm");
    private static final Set<String> INTRACOMMS = Set.of("mpi/Intracomm", "mpi/Cartcomm", "mpi/Graphcomm");
    private static final Set<String> CARTCOMM = Set.of("mpi/Cartcomm");
    private static final Set<String> INTERCOMM = Set.of("mpi/Intercomm");
    private static final Set<String> REQUESTS = Set.of("mpi/Request", "mpi/Prequest");
    private static final Set<String> PREQUEST = Set.of("mpi/Prequest");
    private static final Set<String> MPI = Set.of("mpi/MPI");

    private static final String OBJ = "Ljava/lang/Object;";
    private static final String DT = "Lmpi/Datatype;";
    private static final String BUF = "(" + OBJ + "II" + DT + "II)";
    private static final String P2P = "comm=recv count=2 dt=3 peer=4 tag=5";

    static final List<ApiMethod> METHODS = build();

    private ApiTable() {}

    private static List<ApiMethod> build() {
        List<ApiMethod> m = new ArrayList<>();
        // Point to point.
        for (Op op : new Op[] {Op.SEND, Op.SSEND, Op.BSEND, Op.RSEND})
            m.add(call(COMMS, op, BUF + "V", P2P));
        for (Op op : new Op[] {Op.ISEND, Op.IBSEND, Op.ISSEND, Op.IRSEND, Op.IRECV})
            m.add(call(COMMS, op, BUF + "Lmpi/Request;", P2P + " result=ret"));
        // Recv, Probe and Iprobe pass their Status on: a wildcard receive records the source it matched.
        m.add(call(COMMS, Op.RECV, BUF + "Lmpi/Status;", P2P + " result=ret"));
        for (Op op : new Op[] {Op.SEND_INIT, Op.BSEND_INIT, Op.SSEND_INIT, Op.RSEND_INIT, Op.RECV_INIT})
            m.add(call(COMMS, op, BUF + "Lmpi/Prequest;", P2P + " result=ret"));
        m.add(call(COMMS, Op.SENDRECV, "(" + OBJ + "II" + DT + "II" + OBJ + "II" + DT + "II)Lmpi/Status;",
                P2P + " count2=8 dt2=9 peer2=10 tag2=11"));
        m.add(call(COMMS, Op.SENDRECV_REPLACE, "(" + OBJ + "II" + DT + "IIII)Lmpi/Status;", P2P + " peer2=6 tag2=7"));
        m.add(call(COMMS, Op.PROBE, "(II)Lmpi/Status;", "comm=recv peer=0 tag=1 result=ret"));
        m.add(call(COMMS, Op.IPROBE, "(II)Lmpi/Status;", "comm=recv peer=0 tag=1 result=ret"));
        // Pack and Unpack: the buffer goes in the request slot (the recorder keeps its capacity), the position in tag.
        m.add(call(COMMS, Op.PACK, "(" + OBJ + "II" + DT + "Lmpjbuf/Buffer;I)I", "comm=recv count=2 dt=3 reqs=4 tag=5"));
        m.add(call(COMMS, Op.UNPACK, "(Lmpjbuf/Buffer;I" + OBJ + "II" + DT + ")I", "comm=recv reqs=0 tag=1 count=4 dt=5"));

        // Collectives. Scatter(v): count/dt are the receive side, count2/dt2 the send side.
        m.add(call(INTRACOMMS, Op.BARRIER, "()V", "comm=recv"));
        m.add(call(INTRACOMMS, Op.BCAST, "(" + OBJ + "II" + DT + "I)V", "comm=recv count=2 dt=3 peer=4"));
        m.add(call(INTRACOMMS, Op.GATHER, "(" + OBJ + "II" + DT + OBJ + "II" + DT + "I)V",
                "comm=recv count=2 dt=3 count2=6 dt2=7 peer=8"));
        m.add(call(INTRACOMMS, Op.GATHERV, "(" + OBJ + "II" + DT + OBJ + "I[I[I" + DT + "I)V",
                "comm=recv count=2 dt=3 a1=6 a2=7 dt2=8 peer=9"));
        m.add(call(INTRACOMMS, Op.SCATTER, "(" + OBJ + "II" + DT + OBJ + "II" + DT + "I)V",
                "comm=recv count2=2 dt2=3 count=6 dt=7 peer=8"));
        m.add(call(INTRACOMMS, Op.SCATTERV, "(" + OBJ + "I[I[I" + DT + OBJ + "II" + DT + "I)V",
                "comm=recv a1=2 a2=3 dt2=4 count=7 dt=8 peer=9"));
        m.add(call(INTRACOMMS, Op.ALLGATHER, "(" + OBJ + "II" + DT + OBJ + "II" + DT + ")V",
                "comm=recv count=2 dt=3 count2=6 dt2=7"));
        m.add(call(INTRACOMMS, Op.ALLGATHERV, "(" + OBJ + "II" + DT + OBJ + "I[I[I" + DT + ")V",
                "comm=recv count=2 dt=3 a1=6 a2=7 dt2=8"));
        m.add(call(INTRACOMMS, Op.ALLTOALL, "(" + OBJ + "II" + DT + OBJ + "II" + DT + ")V",
                "comm=recv count=2 dt=3 count2=6 dt2=7"));
        m.add(call(INTRACOMMS, Op.ALLTOALLV, "(" + OBJ + "I[I[I" + DT + OBJ + "I[I[I" + DT + ")V",
                "comm=recv a1=2 a2=3 dt=4 a3=7 a4=8 dt2=9"));
        m.add(call(INTRACOMMS, Op.REDUCE, "(" + OBJ + "I" + OBJ + "II" + DT + "Lmpi/Op;I)V",
                "comm=recv count=4 dt=5 redop=6 peer=7"));
        m.add(call(INTRACOMMS, Op.ALLREDUCE, "(" + OBJ + "I" + OBJ + "II" + DT + "Lmpi/Op;)V", "comm=recv count=4 dt=5 redop=6"));
        m.add(call(INTRACOMMS, Op.SCAN, "(" + OBJ + "I" + OBJ + "II" + DT + "Lmpi/Op;)V", "comm=recv count=4 dt=5 redop=6"));
        m.add(call(INTRACOMMS, Op.REDUCE_SCATTER, "(" + OBJ + "I" + OBJ + "I[I" + DT + "Lmpi/Op;)V", "comm=recv a1=4 dt=5 redop=6"));

        // Communicators and topologies. A constructor's object argument (Create's group, Sub's and
        // Create_cart's boolean flags, Create_intercomm's local communicator) goes in the request slot,
        // which no constructor uses: the recorder turns it into fields a replay can use (ThreadRecorder).
        m.add(call(INTRACOMMS, Op.SPLIT, "(II)Lmpi/Intracomm;", "comm=recv color=0 key=1 result=ret"));
        m.add(call(INTRACOMMS, Op.CREATE, "(Lmpi/Group;)Lmpi/Intracomm;", "comm=recv reqs=0 result=ret"));
        m.add(call(COMMS, Op.CLONE, "()" + OBJ, "comm=recv result=ret"));
        m.add(call(INTRACOMMS, Op.CREATE_CART, "([I[ZZ)Lmpi/Cartcomm;", "comm=recv a1=0 reqs=1 key=2 result=ret"));
        m.add(call(INTRACOMMS, Op.CREATE_GRAPH, "([I[IZ)Lmpi/Graphcomm;", "comm=recv a1=0 a2=1 key=2 result=ret"));
        m.add(call(CARTCOMM, Op.SUB, "([Z)Lmpi/Cartcomm;", "comm=recv reqs=0 result=ret"));
        m.add(call(CARTCOMM, Op.SHIFT, "(II)Lmpi/ShiftParms;", "comm=recv peer=0 count=1 result=ret"));
        m.add(call(INTERCOMM, Op.MERGE, "(Z)Lmpi/Intracomm;", "comm=recv color=0 result=ret"));
        m.add(call(COMMS, Op.CREATE_INTERCOMM, "(Lmpi/Comm;III)Lmpi/Intercomm;", "comm=recv reqs=0 key=1 peer=2 tag=3 result=ret"));
        m.add(call(COMMS, Op.FREE, "()V", "comm=recv"));

        // Completion.
        m.add(call(REQUESTS, Op.WAIT, "()Lmpi/Status;", "reqs=recv result=ret"));
        m.add(call(REQUESTS, Op.TEST, "()Lmpi/Status;", "reqs=recv result=ret"));
        m.add(call(REQUESTS, Op.CANCEL, "()V", "reqs=recv"));
        m.add(staticCall(REQUESTS, Op.WAITALL, "([Lmpi/Request;)[Lmpi/Status;", "reqs=0 result=ret"));
        m.add(staticCall(REQUESTS, Op.WAITANY, "([Lmpi/Request;)Lmpi/Status;", "reqs=0 result=ret"));
        m.add(staticCall(REQUESTS, Op.WAITSOME, "([Lmpi/Request;)[Lmpi/Status;", "reqs=0 result=ret"));
        m.add(staticCall(REQUESTS, Op.TESTALL, "([Lmpi/Request;)[Lmpi/Status;", "reqs=0 result=ret"));
        m.add(staticCall(REQUESTS, Op.TESTANY, "([Lmpi/Request;)Lmpi/Status;", "reqs=0 result=ret"));
        m.add(staticCall(REQUESTS, Op.TESTSOME, "([Lmpi/Request;)[Lmpi/Status;", "reqs=0 result=ret"));
        m.add(call(PREQUEST, Op.START, "()V", "reqs=recv"));
        m.add(staticCall(PREQUEST, Op.STARTALL, "([Lmpi/Prequest;)V", "reqs=0"));

        // Set-up and tear-down.
        m.add(new ApiMethod(MPI, "Init", "([Ljava/lang/String;)[Ljava/lang/String;", true, Op.INIT, Kind.INIT, ApiMethod.slots("")));
        m.add(new ApiMethod(MPI, "Finalize", "()V", true, Op.FINALIZE, Kind.FINALIZE, ApiMethod.slots("")));
        m.add(new ApiMethod(COMMS, "Abort", "(I)V", false, Op.ABORT, Kind.ABORT, ApiMethod.slots("")));
        return List.copyOf(m);
    }

    private static ApiMethod call(Set<String> owners, Op op, String desc, String slots) {
        return new ApiMethod(owners, op.mpjName, desc, false, op, Kind.RECORD, ApiMethod.slots(slots));
    }

    private static ApiMethod staticCall(Set<String> owners, Op op, String desc, String slots) {
        return new ApiMethod(owners, op.mpjName, desc, true, op, Kind.RECORD, ApiMethod.slots(slots));
    }

    /**
     * The intercepted method a call instruction invokes, when the agent replaces that instruction by a
     * bridge call, else null. Intercepted methods are class methods, called by INVOKEVIRTUAL or
     * INVOKESTATIC as they are declared.
     */
    static ApiMethod intercepted(int opcode, String owner, String name, String desc, boolean isInterface) {
        if (isInterface || (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKESTATIC)) return null;
        ApiMethod api = find(owner, name, desc);
        return api != null && api.isStatic() == (opcode == Opcodes.INVOKESTATIC) ? api : null;
    }

    /** The intercepted method a call instruction names, or null. */
    static ApiMethod find(String owner, String name, String desc) {
        if (!owner.startsWith("mpi/")) return null;
        for (ApiMethod api : METHODS) if (api.matches(owner, name, desc)) return api;
        return null;
    }
}
