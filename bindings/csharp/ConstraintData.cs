// ConstraintData.cs: constraint data by type (ABI 1.4): every setup value of a constraint,
// its bones and a transform constraint's property mappings; sequence timeline keys.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public sealed partial class SkeletonData
    {
        private static readonly uint ConstraintDataSize = (uint)Marshal.SizeOf(typeof(Native.spn_constraint_data));
        private static readonly uint TransformMappingSize = (uint)Marshal.SizeOf(typeof(Native.spn_transform_mapping));

        /// <summary>The setup values of constraint <paramref name="index"/> by its type (ABI 1.4),
        /// as the C record (fields another type uses are 0, indices -1).</summary>
        public Native.spn_constraint_data GetConstraintData(uint index)
        {
            var c = new Native.spn_constraint_data { size = ConstraintDataSize };
            Native.Check(Native.spn_skeleton_data_constraint_data(Handle, index, ref c));
            return c;
        }

        /// <summary>The bones constraint <paramref name="index"/> poses (ABI 1.4).</summary>
        public uint[] GetConstraintBones(uint index)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_constraint_bones(Handle, index, null, 0, out count));
            var bones = new uint[count];
            Native.Check(Native.spn_skeleton_data_constraint_bones(Handle, index, bones, count, out count));
            return bones;
        }

        /// <summary>The property mappings of transform constraint <paramref name="index"/> (ABI 1.4).</summary>
        public Native.spn_transform_mapping[] GetConstraintTransformMappings(uint index)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_constraint_transform_mappings(Handle, index, TransformMappingSize, null, 0, out count));
            var mappings = new Native.spn_transform_mapping[count];
            Native.Check(Native.spn_skeleton_data_constraint_transform_mappings(Handle, index, TransformMappingSize, mappings, count, out count));
            return mappings;
        }

        /// <summary>The sequence timeline keys of animation <paramref name="animation"/> (ABI 1.4).</summary>
        public Native.spn_sequence_key[] GetAnimationSequenceKeys(uint animation)
        {
            uint count, size = (uint)Marshal.SizeOf(typeof(Native.spn_sequence_key));
            Native.Check(Native.spn_skeleton_data_animation_sequence_keys(Handle, animation, size, null, 0, out count));
            var keys = new Native.spn_sequence_key[count];
            Native.Check(Native.spn_skeleton_data_animation_sequence_keys(Handle, animation, size, keys, count, out count));
            return keys;
        }
    }
}
