import mongoose, { Schema } from "mongoose";

/**
 * One lease per background job, shared by every shop instance: whoever moves `leaseUntil` from the
 * past into the future (one guarded write) runs the job for that period; the others skip it.
 * `claimedAt` after `finishedAt` means a run is (or was, if its process died) under way.
 */
const JobLeaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
    holder: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
    runs: { type: Number, default: 0 },
  },
  { versionKey: false, collection: "job_leases" },
);

export interface JobLeaseFields {
  _id: string;
  leaseUntil: Date;
  holder: string;
  claimedAt: Date;
  finishedAt: Date | null;
  runs: number;
}

export const JobLease =
  (mongoose.models.JobLease as mongoose.Model<JobLeaseFields>) ??
  mongoose.model("JobLease", JobLeaseSchema);
