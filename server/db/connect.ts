import mongoose from "mongoose";
import { provideServicesToModels } from "./model-services.js";

mongoose.set("strictQuery", true);

export async function connectDatabase(uri: string): Promise<typeof mongoose> {
  provideServicesToModels();
  if (mongoose.connection.readyState === 1) return mongoose;
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000, autoIndex: true });
  return mongoose;
}

export async function pingDatabase(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (mongoose.connection.readyState !== 1 || !db) return false;
  try {
    await db.admin().command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}
